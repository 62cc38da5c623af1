"""Set-ups that the tests and the benchmarks share (see README.md here); never in the wheel.

Imported as ``testbed.<module>`` from the repository's root: the tests put the root on their
path in ``tests/conftest.py``, the benchmarks in ``bench/guard.py``.
"""
