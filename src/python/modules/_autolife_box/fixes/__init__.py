# autolife's own 2to3 fixers for box scripts of NAOqi's era (scripts.py runs
# them with lib2to3's).
