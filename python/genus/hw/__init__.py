"""Formulas on hardware (DESIGN section 10): architectures as data, schedules of traced programs
on them, and a cycle-by-cycle value simulator that checks a schedule on real field elements.

    python -m genus.hw schedule --program P.json --arch A.json [--method list|exact] [--json]
    python -m genus.hw simulate --program P.json --arch A.json [--schedule S.json]
    python -m genus.hw check --program P.json --arch A.json --schedule S.json
"""
from genus.hw.arch import Arch, Unit
from genus.hw.schedule import Schedule, check_schedule, list_schedule
from genus.hw.simulate import simulate

__all__ = ["Arch", "Unit", "Schedule", "list_schedule", "check_schedule", "simulate"]
