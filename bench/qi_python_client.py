"""The pure-Python qi client's round trips (python/qi), run by bench_qi
--python against its own in-process server, so that its figures and the
C++ client's come from the same server in the same run (docs/performance.md,
"The Python qi client"). Prints one line per call:
    python qi void call (Bench.nothing)   N round trips/s  median of R (range A to B)
and the import of qi, in milliseconds of wall and CPU time (the best of 5
fresh interpreters)."""

import subprocess
import sys
import time


def measure(runs, calls, once):
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(calls):
            once()
        rates.append(calls / (time.perf_counter() - start))
    rates.sort()
    return rates[len(rates) // 2], rates[0], rates[-1]


def main():
    url, calls, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    imports = []
    for _ in range(5):
        timed = subprocess.run([sys.executable, "-c", "import time; t, c = time.perf_counter(), time.process_time(); "
                                "import qi; print((time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000)"],
                               stdout=subprocess.PIPE, check=True)
        imports.append(tuple(float(x) for x in timed.stdout.split()))
    import qi
    session = qi.Session()
    session.connect(url)
    bench = session.service("Bench")
    memory = session.service("ALMemory")
    bench.nothing()
    memory.getData("bench/key")
    for label, once in (("python qi void call (Bench.nothing)", bench.nothing),
                        ("python qi ALMemory.getData", lambda: memory.getData("bench/key"))):
        median, low, high = measure(runs, calls, once)
        print("%-34s %8.0f round trips/s  median of %d (range %.0f to %.0f)" % (label, median, runs, low, high))
    wall, cpu = min(imports)
    print("python import qi                   %8.1f ms wall, %.1f ms CPU (best of 5 interpreters; %s)"
          % (wall, cpu, qi.__file__))
    session.close()


if __name__ == "__main__":
    main()
