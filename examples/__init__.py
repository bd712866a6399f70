"""Small, deterministic example models used by tests, tools and benchmarks.

Each module defines ``example()`` returning ``(module, example_inputs)``.
"""
