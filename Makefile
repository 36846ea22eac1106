# The two set-up commands of the README. Both install what they need (scripts/bootstrap.sh).
BUILD ?= build
JOBS ?= $(shell nproc)

FUZZ_TIME ?= 60

.PHONY: all check check-slow check-cross bench bootstrap clean fuzz

all: bootstrap
	cmake -S . -B $(BUILD)/default -G Ninja -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD)/default -j $(JOBS)

bootstrap:
	@scripts/bootstrap.sh

check: bootstrap
	BUILD=$(BUILD) JOBS=$(JOBS) scripts/check.sh

# Long known-answer tests left out of `make check` (RFC 7748's 1,000,000 iterations: minutes;
# the Python Kummer reference's SUPERCOP checksumbig; 10^5 RNS vector-code cross-checks at every size).
check-slow: bootstrap
	cmake -S . -B $(BUILD)/default -G Ninja -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD)/default -j $(JOBS)
	GENUS_SLOW=1 ctest --test-dir $(BUILD)/default --output-on-failure -R 'py_xdh|py_kummer_ref|py_rns$$'

# Every fuzz target for FUZZ_TIME seconds each (tests/fuzz/README.md): libFuzzer with ASan and
# UBSan when clang has it, else the portable driver under gcc's sanitizers. FUZZ_TARGETS picks some,
# FUZZ_RUNS asks for a number of executions per target instead of a time.
fuzz: bootstrap
	BUILD=$(BUILD) JOBS=$(JOBS) FUZZ_TIME=$(FUZZ_TIME) scripts/fuzz.sh

# ARMv7 (32-bit limbs), AArch64 and big-endian s390x: cross builds (cmake/toolchains/) whose C
# unit tests and differential subset run under qemu-user (scripts/check-cross.sh).
check-cross: bootstrap
	BUILD=$(BUILD) JOBS=$(JOBS) scripts/check-cross.sh

# The C benchmark against its peers, then genus from Python against the Python libraries
# (python/genus/bench.py), both in build/bench.json, drawn as build/bench.png and .svg.
bench:
	@scripts/bootstrap.sh bench
	cmake -S . -B $(BUILD)/bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DGENUS_BUILD_TESTS=OFF
	cmake --build $(BUILD)/bench -j $(JOBS)
	$(BUILD)/bench/genus bench --vs --json $(BUILD)/bench.json
	@if [ -d $(BUILD)/bench/python/genus ]; then \
	  PYTHONPATH=$(BUILD)/bench/python python3 -m genus.bench --json $(BUILD)/bench.json && \
	  { PYTHONPATH=$(BUILD)/bench/python python3 -m genus.bench --plot $(BUILD)/bench.json || \
	    echo "bench: no picture (matplotlib missing)"; }; \
	else echo "bench: the Python module was not built (cffi or Python's headers missing): no Python benchmark"; fi
	@echo "results written to $(BUILD)/bench.json"

clean:
	rm -rf $(BUILD)
