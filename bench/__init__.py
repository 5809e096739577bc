"""Benchmarks and long robustness runs for civgame; `python -m bench` prints the table.

Run from the repository root: python -m bench | python -m bench.soak | python -m bench.fuzz
"""
