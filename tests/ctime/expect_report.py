"""The constant-time checker must be shown to work: run `ctime --leak` (a deliberately
secret-dependent branch in the test-only function leaky_compare) under valgrind memcheck and
require the report that names it. Usage: expect_report.py VALGRIND CTIME_BINARY"""
import subprocess
import sys

valgrind, binary = sys.argv[1], sys.argv[2]
proc = subprocess.run([valgrind, "--error-exitcode=3", binary, "--leak"], capture_output=True, text=True, timeout=600)
report = proc.stderr
ok = (proc.returncode == 3 and "Conditional jump or move depends on uninitialised value" in report
      and "leaky_compare" in report)
print(report[-3000:])
print("leak detected: %s" % ("yes" if ok else "NO"))
sys.exit(0 if ok else 1)
