#!/usr/bin/env python3
"""Compares the benchmark's C++ results with what users would otherwise pick:
numpy (OpenBLAS/LAPACK) for matrices and primesieve for primes.

    python3 Benchmarks/peers.py [--quick] [--threads N] [--ours results.json]
                                [--product-pairs P] [--core-only] [--filter PATTERN]...

Without --ours it runs `swift run -c release benchmarks --json ...` (with
--quick when given) with 1 thread for the matrix families and with N
threads for everything; it times the same matrix cases in numpy on 1 thread
and on N threads, and prints our median over theirs at the same thread
count (below 1.00 means we are faster). numpy is timed twice, before and
after our N-thread run (which comes after our 1-thread run), and each of
its medians is taken over the samples of both passes, so that a machine
that drifts during the run favours neither side at N threads. The
primesieve rows come from the benchmark's own "Primes against
libprimesieve" family, in which ours and libprimesieve are timed
alternately in the same process. Likewise the benchmark gets the path of
numpy's own OpenBLAS (LINEAR_ALGEBRA_OPENBLAS) and times the products
and matrix-vector products (the latter without a target), and the LU
family, Cholesky and the complex LU solve and inverse against its LAPACK,
in the same process,
alternately, on 1 and N threads ("Matrix products against OpenBLAS",
"Matrix factorizations against OpenBLAS (LAPACK)"): the numpy columns
compare two processes run minutes apart, which on a shared machine moves a
ratio by 20% either way.

For the products at 1024 and 2048 (whose targets are ≤ 1.0×) the numpy
columns therefore come from P lock-step pairs per case and thread count
(--product-pairs, default 21; 0 keeps the main runs' values): the
benchmark (`--serve-products`) and a numpy process stay alive side by
side, and each pair is one `Matrix *` product and one `a @ b` of the same
size, one right after the other (alternating which goes first), after two
unpaired warm-up calls each. The ratio shown is the median of the pairs'
ratios, the times the medians of each side's calls; the quartiles of the
ratios are listed under the table. The numpy process runs with
OPENBLAS_THREAD_TIMEOUT=4 (unless set), as the in-process OpenBLAS anchor
does: by default OpenBLAS's threads poll for about 2^28 cycles after a
call, which would take a core away from our next product.

The wrapper rows at the end are the benchmark's "Matrix API overhead
(Double)" cases that have a target: `Matrix *` against a direct call of the
C++ core from 64×64 up, and a 4×4 `Matrix *` against Eigen's
`MatrixXd c = a * b`, timed alternately in the benchmark's process.

The "Sparse (Double)" cases of the N-thread run are timed again in scipy
(same matrices and right-hand side, scipy.sparse's product, spsolve and cg
with the same Jacobi preconditioner and tolerance) and listed against
issue #30's targets.

--core-only passes --core-only to the benchmark runs: the matrix cases
then skip their pure-Swift paths (which take most of a full run's time and
are not compared with numpy).

numpy is timed in a child process without OPENBLAS_CORETYPE and
OPENBLAS_L2_SIZE, which some machines set for old OpenBLAS builds and which
slow a current one down. Needs numpy (pip install numpy); prints what is
missing otherwise.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

NUMPY_TIMER = r"""
import json, sys, time
import numpy as np
cases, budget = json.loads(sys.argv[1]), float(sys.argv[2])
rng = np.random.default_rng(1)
def operation(name, n, dtype):
    a = rng.uniform(-1, 1, (n, n)).astype(dtype)
    if dtype.startswith("complex"):
        a = (a + 1j * rng.uniform(-1, 1, (n, n))).astype(dtype)
    if name == "eig": return lambda: np.linalg.eig(a)
    if name == "eigvals": return lambda: np.linalg.eigvals(a)
    if name.startswith("product"):
        b = rng.uniform(-1, 1, (n, n)).astype(dtype)
        if dtype.startswith("complex"):
            b = (b + 1j * rng.uniform(-1, 1, (n, n))).astype(dtype)
        return lambda: a @ b
    if name == "matrix-vector":
        x = rng.uniform(-1, 1, n).astype(dtype); return lambda: a @ x
    well = (a + 2 * np.sqrt(n) * np.eye(n)).astype(dtype)
    if name == "LU solve":
        b = rng.uniform(-1, 1, n).astype(dtype)
        if dtype.startswith("complex"):
            b = (b + 1j * rng.uniform(-1, 1, n)).astype(dtype)
        return lambda: np.linalg.solve(well, b)
    if name == "inverse": return lambda: np.linalg.inv(well)
    if name == "determinant": return lambda: np.linalg.det(well)
    if name == "Cholesky":
        spd = (a @ a.T / n + np.eye(n)).astype(dtype); return lambda: np.linalg.cholesky(spd)
    if name == "QR": return lambda: np.linalg.qr(a)
    if name == "SVD": return lambda: np.linalg.svd(a, full_matrices=False)
    if name == "least squares":  # the benchmark's tall n × n/2 system
        t, b = a[:, : n // 2].copy(), a[:, n // 2].copy()
        return lambda: np.linalg.lstsq(t, b, rcond=None)
    if name == "symmetric eigen":
        s = ((a + a.T) / 2).astype(dtype); return lambda: np.linalg.eigh(s)
    if name == "Hermitian eigen":
        h = ((a + a.conj().T) / 2).astype(dtype); return lambda: np.linalg.eigh(h)
    if name == "column sums": return lambda: a.sum(axis=0)
    if name == "row sums": return lambda: a.sum(axis=1)
    try:
        import scipy.linalg as sl
    except ImportError:
        return None
    b = a[0].copy()
    if name == "symmetric solve":
        s = ((a + a.T) / 2).astype(dtype); return lambda: sl.solve(s, b, assume_a="sym")
    if name == "positive definite solve":
        spd = (a @ a.T / n + np.eye(n)).astype(dtype); return lambda: sl.solve(spd, b, assume_a="pos")
    if name == "triangular solve":
        low = (np.tril(a, -1) + n * np.eye(n)).astype(dtype); return lambda: sl.solve_triangular(low, b, lower=True)
    if name == "LDLT":
        s = ((a + a.T) / 2).astype(dtype); return lambda: sl.ldl(s)
    if name == "column-pivoted QR":
        return lambda: sl.qr(a, mode="economic", pivoting=True)
    if name == "exponential":
        e = (a / np.sqrt(n)).astype(dtype); return lambda: sl.expm(e)
    return None
results = {}
for key, (name, n, dtype) in cases.items():
    run = operation(name, n, dtype)
    if run is None: continue
    start = time.perf_counter(); run(); warm = time.perf_counter() - start
    samples = [warm] if warm >= budget else []
    if warm < budget: run()  # a second warm-up run, as the benchmark does
    deadline = time.perf_counter() + budget
    while not samples or (len(samples) < 30 and time.perf_counter() < deadline) or len(samples) < 3:
        start = time.perf_counter(); run(); samples.append(time.perf_counter() - start)
        if warm >= budget: break
    results[key] = samples
try:
    from threadpoolctl import threadpool_info
    kernels = [f"{i.get('internal_api')} {i.get('architecture')} ({i.get('num_threads')} threads)" for i in threadpool_info()]
except Exception:
    kernels = []
print(json.dumps({"results": results, "numpy": np.__version__, "kernels": kernels}))
"""

# The benchmark's "Sparse (Double)" cases in scipy: the same 5-point grid
# matrices (Poisson, and convection-diffusion with wind 0.4 in x), the same
# right-hand side (i mod 7) - 3; prints {case name: median seconds}.
SCIPY_SPARSE_TIMER = r"""
import json, sys, time
import numpy as np, scipy.sparse as sp, scipy.sparse.linalg as sl
grid = int(sys.argv[1])
def grid_matrix(g, wind):
    tx = sp.diags([np.full(g - 1, -1 - wind), np.full(g, 2.0), np.full(g - 1, -1 + wind)], [-1, 0, 1])
    ty = sp.diags([np.full(g - 1, -1.0), np.full(g, 2.0), np.full(g - 1, -1.0)], [-1, 0, 1])
    eye = sp.identity(g)
    return (sp.kron(eye, tx) + sp.kron(ty, eye)).tocsr()
poisson, convection = grid_matrix(grid, 0.0), grid_matrix(grid, 0.4)
b = (np.arange(grid * grid) % 7) - 3.0
jacobi = sp.diags(1 / poisson.diagonal())
poisson_csc, convection_csc = poisson.tocsc(), convection.tocsc()
runs = {
    "matrix-vector": (lambda: poisson @ b, 30),
    "Cholesky solve": (lambda: sl.spsolve(poisson_csc, b), 3),
    "LU solve (convection-diffusion)": (lambda: sl.spsolve(convection_csc, b), 3),
    "CG Jacobi 1e-8": (lambda: sl.cg(poisson, b, rtol=1e-8, M=jacobi), 3),
}
results = {}
for name, (run, count) in runs.items():
    run()
    samples = []
    for _ in range(count):
        start = time.perf_counter(); run(); samples.append(time.perf_counter() - start)
    results[name] = sorted(samples)[len(samples) // 2]
print(json.dumps(results))
"""

# Issue #30's targets: ours/scipy time ratios at the same thread count.
SCIPY_SPARSE_TARGETS = {
    "matrix-vector": 0.7, "Cholesky solve": 1.0, "LU solve (convection-diffusion)": 1.0, "CG Jacobi 1e-8": 1.0,
}

# Targets for the numpy/scipy columns of cases that have one (ours/numpy
# time ratio at the same thread count); the products, LU family, QR, SVD
# and eigen targets are listed in README and RESULTS.
NUMPY_TARGETS = {
    "column sums": 1.25, "row sums": 1.25, "symmetric solve": 1.0, "positive definite solve": 1.0,
    "triangular solve": 1.0, "LDLT": 1.0, "exponential": 1.0, "eig": 1.5, "eigvals": 1.0,
}

# Targets of single (family, case) pairs, looked up before NUMPY_TARGETS: the
# complex products, solve and inverse of issue #29.
NUMPY_FAMILY_TARGETS = {
    f"Matrix (Complex<{scalar}>)|{name}": 1.0
    for scalar in ("Double", "Float") for name in ("product", "LU solve", "inverse")
}

# Answers lines such as "float64 1024" with the seconds one a @ b of two
# n×n matrices took (inputs made once per dtype and size; the result freed
# after the clock stops, as the benchmark's is).
NUMPY_PRODUCT_SERVER = r"""
import sys, time
import numpy as np
rng = np.random.default_rng(1)
inputs = {}
for line in sys.stdin:
    dtype, n = line.split()[0], int(line.split()[1])
    if (dtype, n) not in inputs:
        inputs[dtype, n] = tuple(rng.uniform(-1, 1, (n, n)).astype(dtype) for _ in range(2))
    a, b = inputs[dtype, n]
    start = time.perf_counter(); c = a @ b; elapsed = time.perf_counter() - start
    del c
    print(elapsed, flush=True)
"""


def pooled_medians(passes):
    """Each case's median over the samples of every numpy pass."""
    pooled = {}
    for one_pass in passes:
        for key, samples in one_pass["results"].items():
            pooled.setdefault(key, []).extend(samples)
    return {key: sorted(samples)[len(samples) // 2] for key, samples in pooled.items()}


def numpy_environment(threads):
    """The environment numpy runs in: `threads` threads, no OpenBLAS overrides."""
    env = dict(os.environ)
    env.pop("OPENBLAS_CORETYPE", None)
    env.pop("OPENBLAS_L2_SIZE", None)
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        env[variable] = str(threads)
    return env


def time_numpy(cases, threads, budget):
    output = subprocess.run(
        [sys.executable, "-c", NUMPY_TIMER, json.dumps(cases), str(budget)],
        env=numpy_environment(threads), check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(output)


class Server:
    """A child process that answers one request line with one line."""

    def __init__(self, command, env):
        self.process = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, request):
        self.process.stdin.write(request + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        try:
            return float(answer)
        except ValueError:
            sys.exit(f"{self.process.args[0]} answered '{request}' with '{answer}'")

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def product_pairs(ours_binary, threads, sizes, pairs):
    """(scalar, n) -> [(ours, numpy)] from lock-step pairs (see the docstring)."""
    ours = Server([ours_binary, "--serve-products", "--threads", str(threads)], dict(os.environ))
    env = numpy_environment(threads)
    env.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")
    theirs = Server([sys.executable, "-c", NUMPY_PRODUCT_SERVER], env)
    results = {}
    try:
        for scalar, dtype in (("Double", "float64"), ("Float", "float32")):
            for n in sizes:
                for _ in range(2):
                    ours.ask(f"{scalar} {n}")
                    theirs.ask(f"{dtype} {n}")
                measured = []
                for index in range(pairs):
                    if index % 2 == 0:
                        mine = ours.ask(f"{scalar} {n}")
                        other = theirs.ask(f"{dtype} {n}")
                    else:
                        other = theirs.ask(f"{dtype} {n}")
                        mine = ours.ask(f"{scalar} {n}")
                    measured.append((mine, other))
                results[scalar, n] = measured
    finally:
        ours.close()
        theirs.close()
    return results


def numpy_openblas_path():
    """The OpenBLAS library inside numpy's wheel, or None."""
    try:
        from threadpoolctl import threadpool_info
        import numpy  # noqa: F401  (loads the library, so threadpoolctl sees it)
        for info in threadpool_info():
            if info.get("internal_api") == "openblas" and info.get("filepath"):
                return info["filepath"]
    except Exception:
        pass
    try:
        import glob
        import numpy
        libraries = os.path.join(os.path.dirname(os.path.dirname(numpy.__file__)), "numpy.libs")
        found = sorted(glob.glob(os.path.join(libraries, "libscipy_openblas*.so*")) + glob.glob(os.path.join(libraries, "libopenblas*.so*")))
        return found[0] if found else None
    except Exception:
        return None


def duration(seconds):
    if seconds is None:
        return "—"
    if seconds < 1e-6:
        return f"{seconds * 1e9:.0f} ns"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes (passed to the benchmark)")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="threads for numpy and primesieve")
    parser.add_argument("--ours", help="an existing benchmark JSON (N threads) instead of running the benchmark")
    parser.add_argument("--ours-single", help="an existing benchmark JSON run with --threads 1")
    parser.add_argument("--product-pairs", type=int, default=21,
                        help="lock-step pairs of ours and numpy per 1024 and 2048 product case (0: none)")
    parser.add_argument("--filter", action="append", default=[],
                        help="only the benchmark cases matching this pattern (repeatable; passed to the benchmark)")
    parser.add_argument("--core-only", action="store_true",
                        help="pass --core-only to the benchmark runs (no pure-Swift paths)")
    arguments = parser.parse_args()

    try:
        import numpy  # noqa: F401
    except ImportError:
        sys.exit("numpy is not installed: pip install numpy")

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    environment = dict(os.environ)
    openblas = numpy_openblas_path()
    if openblas:
        environment["LINEAR_ALGEBRA_OPENBLAS"] = openblas

    def run_ours(threads, only_matrices):
        path = os.path.join(tempfile.mkdtemp(), f"ours-{threads}t.json")
        command = ["swift", "run", "-c", "release", "benchmarks", "--json", path, "--threads", str(threads)]
        for pattern in arguments.filter or (["Matrix"] if only_matrices else []):
            command += ["--filter", pattern]
        if arguments.core_only:
            command.append("--core-only")
        if arguments.quick:
            command.append("--quick")
        print("==>", " ".join(command), file=sys.stderr)
        subprocess.run(command, cwd=root, check=True, stdout=subprocess.DEVNULL, env=environment)
        return path

    def load(path):
        with open(path) as handle:
            return json.load(handle)

    def numpy_cases(document):
        cases = {}
        for case in document["cases"]:
            family = case["family"]
            if not family.startswith("Matrix (") or case["name"] == "product (naive Swift)":
                continue
            n = int(case["size"].split("×")[0])
            dtype = {"Matrix (Double)": "float64", "Matrix (Float)": "float32",
                     "Matrix (Complex<Double>)": "complex128", "Matrix (Complex<Float>)": "complex64"}.get(family)
            if dtype is None:
                continue
            cases[f"{family}|{case['name']}|{n}"] = (case["name"], n, dtype)
        return cases

    # Order: ours on 1 thread; numpy on 1 and N threads; ours on N threads;
    # numpy again on N and 1 threads. Each numpy median pools both passes.
    budget = 0.2 if arguments.quick else 1.0
    thread_counts = [1] if arguments.threads == 1 else [1, arguments.threads]
    passes = {count: [] for count in thread_counts}
    if arguments.threads == 1:
        ours = ours_single = load(arguments.ours or run_ours(1, False))
        cases = numpy_cases(ours)
        passes[1] += [time_numpy(cases, 1, budget), time_numpy(cases, 1, budget)]
    else:
        ours_single = load(arguments.ours_single or run_ours(1, True))
        cases = numpy_cases(ours_single)
        for count in thread_counts:
            passes[count].append(time_numpy(cases, count, budget))
        ours = load(arguments.ours or run_ours(arguments.threads, False))
        for count in reversed(thread_counts):
            passes[count].append(time_numpy(cases, count, budget))
    single = pooled_medians(passes[1])
    multi = pooled_medians(passes[arguments.threads])
    numpy_info = passes[arguments.threads][0]
    single_medians = {
        (case["family"], case["name"], case["size"]): case["first"]["median"] for case in ours_single["cases"]
    }

    # Lock-step pairs for the large products (see the docstring above).
    paired_cases = {key: value for key, value in cases.items()
                   if value[0] == "product (blocked Swift)" and value[1] in (1024, 2048)}
    lock_step = {count: {} for count in thread_counts}  # count -> case key -> [(ours, numpy)]
    if paired_cases and arguments.product_pairs > 0 and not arguments.ours:
        binary_directory = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=root,
                                          check=True, capture_output=True, text=True).stdout.strip()
        sizes = sorted({n for _, n, _ in paired_cases.values()})
        for count in thread_counts:
            print(f"==> {arguments.product_pairs} lock-step pairs per product case, {count} thread(s)", file=sys.stderr)
            measured = product_pairs(os.path.join(binary_directory, "benchmarks"), count, sizes,
                                     arguments.product_pairs)
            for key, (name, n, dtype) in paired_cases.items():
                scalar = "Double" if dtype == "float64" else "Float"
                if (scalar, n) in measured:
                    lock_step[count][key] = measured[scalar, n]

    def median(values):
        ordered = sorted(values)
        middle = len(ordered) // 2
        return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2

    def columns(key, ours_time, numpy_times, count):
        """Ours, numpy and the ratio for one thread count: from the lock-step pairs where there are any."""
        pairs = lock_step.get(count, {}).get(key)
        if pairs:
            return (median([o for o, _ in pairs]), median([t for _, t in pairs]),
                    median([o / t for o, t in pairs]), True)
        theirs = numpy_times.get(key)
        return ours_time, theirs, (ours_time / theirs if ours_time and theirs else None), False

    rows = []
    for case in ours["cases"]:
        family = case["family"]
        if not family.startswith("Matrix (") or case["name"] == "product (naive Swift)":
            continue
        key = f"{family}|{case['name']}|{int(case['size'].split('×')[0])}"
        rows.append((key, family, case["name"].replace(" (blocked Swift)", ""), case["size"],
                     single_medians.get((family, case["name"], case["size"])), case["first"]["median"]))

    header = ours["header"]
    print(f"Ours: {header['cpu']}; {header['matrixInstructionSets']}; {header['configuration']}")
    print(f"numpy {numpy_info['numpy']}: "
          f"{', '.join(numpy_info['kernels']) or 'BLAS kernel unknown (pip install threadpoolctl)'}")
    print("Each ratio is ours/numpy at the same thread count; below 1.00 means we are faster.\n")
    many_threads = str(arguments.threads) + "t"
    title = (f"{'family':24} {'case':23} {'size':>9} {'ours 1t':>10} {'numpy 1t':>10} {'ratio':>7} "
             f"{'ours ' + many_threads:>10} {'numpy ' + many_threads:>10} {'ratio':>7} {'target':>7}")
    print(title)
    print("-" * len(title))
    def ratio_text(ratio, from_pairs):
        return (f"{ratio:.2f}×" + ("*" if from_pairs else " ")) if ratio else "— "

    for key, family, name, size, ours_one, ours_many in rows:
        ours_one, one, ratio_one, paired_one = columns(key, ours_one, single, 1)
        ours_many, many, ratio_many, paired_many = columns(key, ours_many, multi, arguments.threads)
        target = NUMPY_FAMILY_TARGETS.get(f"{family}|{name}", NUMPY_TARGETS.get(name))
        print(f"{family:24} {name:23} {size:>9} {duration(ours_one):>10} {duration(one):>10} "
              f"{ratio_text(ratio_one, paired_one):>7} "
              f"{duration(ours_many):>10} {duration(many):>10} {ratio_text(ratio_many, paired_many):>7} "
              f"{('≤ ' + format(target, '.2f') + '×') if target else '':>7}")
    if any(lock_step.values()):
        print(f"\n* from {arguments.product_pairs} lock-step pairs of one Matrix product and one numpy a @ b, "
              "from two processes side by side: the median of the pairs' ratios (times: each side's median). "
              "Quartiles of the ratios:")
        for count in thread_counts:
            for key, pairs in lock_step[count].items():
                family, _, n = key.split("|")
                ratios = sorted(o / t for o, t in pairs)
                quartiles = (ratios[len(ratios) // 4], ratios[(3 * len(ratios)) // 4])
                print(f"  {family:24} product {n:>5} {count}t: {quartiles[0]:.2f}–{quartiles[1]:.2f} "
                      f"(of {len(ratios)}, from {ratios[0]:.2f} to {ratios[-1]:.2f})")

    anchor_families = ("Matrix products against OpenBLAS", "Matrix factorizations against OpenBLAS (LAPACK)")
    products = [case for document in (ours_single, ours) for case in document["cases"]
                if case["family"] in anchor_families]
    if products:
        print(f"\nOpenBLAS ({header.get('openBLAS')}), measured inside the benchmark runs (each ratio the median of the ratios of alternating pairs):")
        print_anchor_rows(products, "OpenBLAS", 31, 9)
    elif not openblas:
        print("\nOpenBLAS rows skipped: numpy's OpenBLAS library was not found")

    wrapper = [(document["header"].get("matrixThreads"), case) for document in (ours_single, ours)
               for case in document["cases"] if case["family"] == "Matrix API overhead (Double)" and case.get("target")]
    if wrapper:
        print("\nThe Matrix wrapper, measured inside the benchmark runs (each ratio the median of the ratios of alternating pairs):")
        for threads, case in wrapper:
            theirs = case["first"]["median"]
            mine = case["second"]["median"] if case.get("second") else None
            print(f"  {case['name'] + ', ' + str(threads) + 't':24} {case['size']:>9} "
                  f"Matrix API {duration(mine):>10}  {case['firstPath']} {duration(theirs):>10}  "
                  f"ratio {case['ratio']:.3f}×  (target ≤ {case['target']:.2f}×)")

    sparse = [case for case in ours["cases"] if case["family"] == "Sparse (Double)"]
    if sparse:
        grid = int(sparse[0]["size"].split("²")[0])
        try:
            output = subprocess.run([sys.executable, "-c", SCIPY_SPARSE_TIMER, str(grid)],
                                    env=numpy_environment(arguments.threads), check=True, capture_output=True,
                                    text=True).stdout
            scipy_times = json.loads(output)
        except (subprocess.CalledProcessError, ImportError) as error:
            scipy_times = {}
            print(f"\nscipy.sparse rows skipped: {error}")
        if scipy_times:
            print(f"\nSparse against scipy.sparse ({arguments.threads} threads for ours; scipy's products and "
                  "solvers are single-threaded):")
            for case in sparse:
                mine, theirs = case["first"]["median"], scipy_times.get(case["name"])
                target = SCIPY_SPARSE_TARGETS.get(case["name"])
                ratio = f"{mine / theirs:.2f}×" if theirs else "—"
                print(f"  {case['name']:32} {case['size']:>10} ours {duration(mine):>10}  scipy {duration(theirs):>10}  "
                      f"ours/scipy {ratio}  " + (f"(target ≤ {target:.2f}×)" if target else "(no target)"))

    copies = [case for case in ours["cases"] if case["family"] == "Matrix copies (Double)"]
    if copies:
        print("\nBlock copies against memcpy of the same bytes, inside the benchmark run:")
        print_anchor_rows(copies, "memcpy", 34, 9)

    counting = [case for case in ours["cases"] if case["family"] == "Prime counting against primecount"]
    if counting:
        print("\nprimecount, measured inside the benchmark run (each ratio the median of the ratios of alternating pairs):")
        print_anchor_rows(counting, "primecount", 24, 5)

    anchors = [case for case in ours["cases"] if case["family"] == "Primes against libprimesieve"]
    if anchors:
        print(f"\nprimesieve ({header.get('primesieveVersion') or 'not installed'}), measured inside the benchmark run (each ratio the median of the ratios of alternating pairs):")
        print_anchor_rows(anchors, "primesieve", 24, 5)


def print_anchor_rows(cases, peer, name_width, size_width):
    """One line per case of an anchor family: ours, the peer, the ratio, the target."""
    for case in cases:
        theirs = case.get("second")
        ratio = f"{case['ratio']:.2f}×" if case.get("ratio") else "—"
        print(f"  {case['name']:{name_width}} {case['size']:>{size_width}} "
              f"ours {duration(case['first']['median']):>10}  "
              f"{peer} {duration(theirs['median'] if theirs else None):>10}  "
              f"ours/{peer} {ratio}  " + (f"(target ≤ {case['target']:.2f}×)" if case.get("target") else "(no target)"))

if __name__ == "__main__":
    main()
