#!/usr/bin/python3
"""Writes tests/fixtures/*.json: expected values from independent implementations.

Run with Debian's interpreter (it has python3-scipy and python3-statsmodels):
    /usr/bin/python3 scripts/generate_fixtures.py
R (r-base-core, r-cran-pwr) supplies a second oracle for analytic power.
Every file records the tool versions it came from. The C++ tests only read
these files; nothing in them is tuned to our code.
"""
import json
import math
import platform
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import scipy
from scipy import stats

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
RNG = np.random.default_rng(20261121)


def versions():
    v = {"python": platform.python_version(), "numpy": np.__version__, "scipy": scipy.__version__}
    try:
        r = subprocess.run(["Rscript", "-e", 'cat(R.version.string, "|", as.character(packageVersion("pwr")))'],
                           capture_output=True, text=True, check=True)
        rv, pwr = (s.strip() for s in r.stdout.split("|"))
        v["R"], v["pwr"] = rv, pwr
    except (OSError, subprocess.CalledProcessError):
        pass
    return v


def write(name, payload):
    payload = {"generated_by": "scripts/generate_fixtures.py", "versions": versions(), **payload}
    (OUT / name).write_text(json.dumps(payload, indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {OUT / name}")


# ----------------------------------------------------------------- paired samples
def sample_sizes():
    sizes = list(range(5, 61))                      # every small n, around the exact/approx switch at 50
    sizes += list(RNG.integers(61, 151, 400))       # the bulk
    sizes += list(RNG.integers(151, 1001, 60))      # large samples
    sizes += [1000, 1000, 999, 51, 50, 50, 49]
    return [int(n) for n in sizes]


def make_pair(n, kind):
    mean, sd, rho = RNG.uniform(0.3, 0.8), RNG.uniform(0.05, 0.25), RNG.uniform(0.2, 0.97)
    delta = RNG.choice([0.0, 0.005, 0.01, 0.02, 0.05]) * RNG.choice([-1, 1])
    z1, z2 = RNG.standard_normal(n), RNG.standard_normal(n)
    a = mean + sd * z1
    b = mean + delta + sd * (rho * z1 + math.sqrt(1 - rho * rho) * z2)
    if kind == "continuous":          # 10 decimals: no ties, and a compact file
        return np.round(a, 10), np.round(b, 10)
    a, b = np.clip(a, 0, 1), np.clip(b, 0, 1)
    if kind == "trec_eval":           # per-query scores as trec_eval -q prints them
        return np.round(a, 4), np.round(b, 4)
    if kind == "coarse":              # heavy ties and zeros
        return np.round(a, 2), np.round(b, 2)
    if kind == "precision_at_10":     # k/10 values: massive ties, many zeros
        return np.round(a * 10) / 10, np.round(b * 10) / 10
    if kind == "clipped":             # exact zeros and ties from clipping at the bounds
        a = np.clip(mean + 3 * sd * z1, 0, 1)
        b = np.clip(a + delta + sd * z2 * 0.5, 0, 1)
        return np.round(a, 10), np.round(b, 10)
    raise ValueError(kind)


def r_t_quantiles(dfs, level=0.975):
    """R's qt for each df (scipy 1.10's t.ppf is accurate only to ~5e-9)."""
    try:
        r = subprocess.run(["Rscript", "-e", f"x <- scan(file('stdin'), quiet = TRUE); cat(sprintf('%.17g', qt({level}, x)), sep = '\\n')"],
                           input="\n".join(str(d) for d in dfs), capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return [float(v) for v in r.stdout.split()]


def paired_samples():
    kinds = ["continuous", "trec_eval", "coarse", "precision_at_10", "clipped"]
    out = []
    for i, n in enumerate(sample_sizes()):
        kind = kinds[i % len(kinds)]
        a, b = make_pair(n, kind)
        d = b - a
        case = {"kind": kind, "a": a.tolist(), "b": b.tolist()}
        if np.all(d == 0):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t = stats.ttest_rel(b, a)
            ci = t.confidence_interval(0.95)
            w = stats.wilcoxon(d)
        k = int(np.sum(d > 0))
        m = int(np.sum(d != 0))
        case["t"] = {"statistic": float(t.statistic), "p": float(t.pvalue), "ci_low": float(ci.low), "ci_high": float(ci.high)}
        exact = len(d) <= 50 and not np.any(d == 0)
        case["wilcoxon"] = {"statistic": float(w.statistic), "p": float(w.pvalue), "exact": bool(exact)}
        case["sign"] = {"k": k, "m": m, "p": float(stats.binomtest(k, m).pvalue)}
        out.append(case)
    q = r_t_quantiles([len(c["a"]) - 1 for c in out])
    for c, qt in zip(out, q or []):
        d = np.array(c["b"]) - np.array(c["a"])
        mean, se = float(np.mean(d)), float(np.std(d, ddof=1) / math.sqrt(len(d)))
        c["t"]["ci_low_r"], c["t"]["ci_high_r"] = mean - qt * se, mean + qt * se
    return out


# --------------------------------------------------------------- analytic power
def r_power(cases):
    """R: pwr.t.test (type = "paired") and power.t.test(strict = TRUE)."""
    lines = ["suppressMessages(library(pwr))", "cases <- read.csv(file('stdin'))",
             "p1 <- mapply(function(n, d, s, a) pwr.t.test(n = n, d = d / s, sig.level = a, type = 'paired')$power, cases$n, cases$delta, cases$sd_diff, cases$alpha)",
             "p2 <- mapply(function(n, d, s, a) power.t.test(n = n, delta = d, sd = s, sig.level = a, type = 'paired', strict = TRUE)$power, cases$n, cases$delta, cases$sd_diff, cases$alpha)",
             "write.csv(data.frame(p1 = sprintf('%.17g', p1), p2 = sprintf('%.17g', p2)), stdout(), row.names = FALSE)"]
    csv = "n,delta,sd_diff,alpha\n" + "".join(f"{c['n']},{c['delta']!r},{c['sd_diff']!r},{c['alpha']!r}\n" for c in cases)
    try:
        r = subprocess.run(["Rscript", "-e", "; ".join(lines)], input=csv, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        print("R not available, skipping the R oracle:", e, file=sys.stderr)
        return None
    rows = r.stdout.strip().splitlines()[1:]
    return [tuple(float(x.strip('"')) for x in row.split(",")) for row in rows]


def noncentral_t_power(n, delta, sd_diff, alpha):
    df = n - 1
    tc = stats.t.isf(alpha / 2, df)
    nc = delta * math.sqrt(n) / sd_diff
    return float(stats.nct.sf(tc, df, nc) + stats.nct.cdf(-tc, df, nc))


def bvn(h, k, r):
    return float(stats.multivariate_normal.cdf([h, k], mean=[0, 0], cov=[[1, r], [r, 1]]))


def wilcoxon_exact_pmf(n):
    counts = np.zeros(n * (n + 1) // 2 + 1)
    counts[0] = 1
    for k in range(1, n + 1):
        counts[k:] = counts[k:] + counts[:-k].copy()
    return counts / 2.0 ** n


def wilcoxon_moments_power(n, delta, sd_diff, alpha):
    """Lehmann's non-null moments of W+, computed independently with scipy, against
    the rejection region of scipy's test (exact for n <= 50), continuity-corrected."""
    h = abs(delta) / sd_diff
    p1 = stats.norm.cdf(h)
    p2 = stats.norm.cdf(math.sqrt(2) * h)
    p3 = bvn(h, math.sqrt(2) * h, 1 / math.sqrt(2))
    p4 = bvn(math.sqrt(2) * h, math.sqrt(2) * h, 0.5)
    mean1 = n * p1 + n * (n - 1) / 2 * p2
    var1 = (n * p1 * (1 - p1) + n * (n - 1) / 2 * p2 * (1 - p2) + 2 * n * (n - 1) * (p3 - p1 * p2)
            + n * (n - 1) * (n - 2) * (p4 - p2 * p2))
    top = n * (n + 1) // 2
    if n <= 50:
        pmf = wilcoxon_exact_pmf(n)
        hi = next((r for r in range(top // 2 + 1, top + 1) if 2 * pmf[r:].sum() < alpha), top + 1)
    else:
        mean0 = n * (n + 1) / 4
        sd0 = math.sqrt(n * (n + 1) * (2 * n + 1) / 24)
        hi = math.floor(mean0 + stats.norm.isf(alpha / 2) * sd0) + 1
    if hi > top:
        return 0.0
    lo = top - hi
    sd1 = math.sqrt(var1)
    return float(stats.norm.cdf((lo + 0.5 - mean1) / sd1) + stats.norm.cdf((mean1 - (hi - 0.5)) / sd1))


def noether_power(n, delta, sd_diff, alpha):
    p_prime = stats.norm.cdf(math.sqrt(2) * delta / sd_diff)
    return float(stats.norm.cdf(math.sqrt(3 * n) * abs(p_prime - 0.5) - stats.norm.isf(alpha / 2)))


def sign_power(n, delta, sd_diff, alpha):
    """Exact sign-test power: rejection region from scipy's binomtest p-values."""
    k_star = -1
    for k in range(0, (n + 1) // 2):
        if stats.binomtest(k, n).pvalue < alpha:
            k_star = k
        else:
            break
    if k_star < 0:
        return 0.0
    p = stats.norm.cdf(delta / sd_diff)
    return float(stats.binom.cdf(k_star, n, p) + stats.binom.sf(n - k_star - 1, n, p))


def analytic_cases():
    cases = []
    for n in [2, 3, 5, 10, 25, 50, 100, 200, 455, 500, 1000, 5000]:
        for delta in [0.001, 0.005, 0.01, 0.02, 0.05, 0.1]:
            for sd_diff in [0.038, 0.076, 0.12, 0.2]:
                for alpha in [0.05, 0.01, 0.1]:
                    cases.append({"n": n, "delta": delta, "sd_diff": sd_diff, "alpha": alpha})
    # keep the file small: a fixed random subset plus the paper's parameters
    idx = RNG.choice(len(cases), 400, replace=False)
    chosen = [cases[i] for i in sorted(idx)]
    for n in [50, 100, 200, 500, 1000]:
        for delta in [0.01, 0.02, 0.05, 0.1]:
            for rho in [0.5, 0.8, 0.95]:
                chosen.append({"n": n, "delta": delta, "sd_diff": 0.12 * math.sqrt(2 * (1 - rho)), "alpha": 0.05})
    r = r_power(chosen)
    for i, c in enumerate(chosen):
        c["t_scipy"] = noncentral_t_power(c["n"], c["delta"], c["sd_diff"], c["alpha"])
        if r is not None:
            c["t_r_pwr"], c["t_r_power_t_test"] = r[i]
        if c["n"] >= 3:
            c["wilcoxon_moments"] = wilcoxon_moments_power(c["n"], c["delta"], c["sd_diff"], c["alpha"])
        c["wilcoxon_noether"] = noether_power(c["n"], c["delta"], c["sd_diff"], c["alpha"])
        if c["n"] <= 1000:
            c["sign"] = sign_power(c["n"], c["delta"], c["sd_diff"], c["alpha"])
    return chosen


def solver_cases():
    """R's power.t.test solved for n (then rounded up) and for delta, tol = 1e-12."""
    cases = []
    for delta in [0.005, 0.01, 0.015, 0.02, 0.05, 0.1]:
        for rho in [0.5, 0.75, 0.8, 0.95]:
            for power in [0.8, 0.9]:
                cases.append({"delta": delta, "sd_diff": 0.12 * math.sqrt(2 * (1 - rho)), "alpha": 0.05, "power": power})
    mde = [{"n": n, "sd_diff": 0.12 * math.sqrt(2 * (1 - rho)), "alpha": 0.05, "power": 0.8}
           for n in [10, 50, 100, 150, 200, 500, 1000] for rho in [0.5, 0.8, 0.95]]
    script = "; ".join([
        "x <- read.csv(file('stdin'))",
        "out <- mapply(function(kind, a, s, al, pw) if (kind == 'n') power.t.test(delta = a, sd = s, sig.level = al, power = pw, type = 'paired', strict = TRUE, tol = 1e-12)$n else power.t.test(n = a, sd = s, sig.level = al, power = pw, type = 'paired', strict = TRUE, tol = 1e-12)$delta, x$kind, x$a, x$s, x$al, x$pw)",
        "cat(sprintf('%.17g', out), sep = '\\n')"])
    csv = "kind,a,s,al,pw\n" + "".join(f"n,{c['delta']!r},{c['sd_diff']!r},{c['alpha']!r},{c['power']!r}\n" for c in cases) \
        + "".join(f"delta,{c['n']},{c['sd_diff']!r},{c['alpha']!r},{c['power']!r}\n" for c in mde)
    try:
        r = subprocess.run(["Rscript", "-e", script], input=csv, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        print("R not available, no solver fixtures:", e, file=sys.stderr)
        return {"sample_size": [], "mde": []}
    vals = [float(v) for v in r.stdout.split()]
    for c, v in zip(cases, vals[:len(cases)]):
        c["n_continuous"] = v
        c["n"] = math.ceil(v)
    for c, v in zip(mde, vals[len(cases):]):
        c["delta"] = v
    return {"sample_size": cases, "mde": mde}


def bivariate_cases():
    out = []
    for _ in range(200):
        h, k = RNG.uniform(-4, 4, 2)
        r = RNG.uniform(-0.95, 0.95)
        out.append({"h": float(h), "k": float(k), "r": float(r), "cdf": bvn(h, k, r)})
    for h, k, r in [(0, 0, 0.5), (0, 1, 0.3), (-1, 0, -0.4), (0.5, 0.5, 0.70710678118654752), (2, 2, 0.5)]:
        out.append({"h": h, "k": k, "r": r, "cdf": bvn(h, k, r)})
    return out


def beta_cases():
    """scipy's Beta quantile at Φ(z), and the seed script's moment formula."""
    out = []
    for mean, sd in [(0.65, 0.12), (0.66, 0.12), (0.75, 0.12), (0.5, 0.3), (0.9, 0.2), (0.2, 0.05)]:
        mu = min(max(mean, 0.01), 0.99)
        var = sd * sd
        if var >= mu * (1 - mu):
            var = 0.9 * mu * (1 - mu)
        a = max(mu * (mu * (1 - mu) / var - 1), 0.5)
        b = max((1 - mu) * (mu * (1 - mu) / var - 1), 0.5)
        zs = np.concatenate([RNG.uniform(-6, 6, 60), [-7.0, -6.5, 6.5, 7.0, 0.0]])
        xs = [float(stats.beta.ppf(stats.norm.cdf(z), a, b)) if z <= 0 else float(stats.beta.isf(stats.norm.sf(z), a, b))
              for z in zs]
        out.append({"mean": mean, "sd": sd, "a": a, "b": b, "z": zs.tolist(), "x": xs})
    return out


# ------------------------------------------------------------- analysis (issue 4)
def r_hodges_lehmann(samples, level=0.95):
    """R's wilcox.test(d, conf.int = TRUE, exact = TRUE): estimate and interval."""
    script = "; ".join([
        "lines <- readLines(file('stdin'))",
        f"for (l in lines) {{ d <- as.numeric(strsplit(l, ',')[[1]]); w <- wilcox.test(d, conf.int = TRUE, exact = TRUE, conf.level = {level}); "
        "cat(sprintf('%.17g %.17g %.17g', w$estimate, w$conf.int[1], w$conf.int[2]), '\\n') }"])
    try:
        r = subprocess.run(["Rscript", "-e", script], input="\n".join(",".join(repr(x) for x in d) for d in samples),
                           capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        print("R not available, no Hodges-Lehmann fixtures:", e, file=sys.stderr)
        return None
    return [tuple(float(v) for v in line.split()) for line in r.stdout.strip().splitlines()]


def tukey_interval(d, level=0.95):
    """Independent numpy version of the documented interval: every Walsh average listed."""
    d = np.asarray(d, dtype=float)
    n = len(d)
    i, j = np.triu_indices(n)
    w = np.sort((d[i] + d[j]) / 2)
    m = len(w)
    tail = (1 - level) / 2
    if n <= 50:
        pmf = wilcoxon_exact_pmf(n)
        k = int(np.searchsorted(np.cumsum(pmf), tail - 1e-15))  # smallest k with P(T <= k) >= tail
    else:
        mean, sd = m / 2, math.sqrt(n * (n + 1) * (2 * n + 1) / 24)
        k = max(0, math.ceil(mean + stats.norm.ppf(tail) * sd - 0.5))
    k = max(k, 1)
    return float(np.median(w)), float(w[k - 1]), float(w[m - k])


def analysis_cases():
    from statsmodels.stats.multitest import multipletests
    out = {"randomization": [], "bootstrap": [], "hodges_lehmann": [], "multiple_testing": [], "correlation": []}
    # Exact sign-flip test against scipy's enumeration (n <= 16, ties and zeros included).
    for n in list(range(3, 17)) * 3:
        d = np.round(RNG.normal(RNG.uniform(-0.03, 0.05), 0.06, n), 2)
        res = stats.permutation_test((d,), np.mean, permutation_type="samples", n_resamples=np.inf, alternative="two-sided")
        out["randomization"].append({"d": d.tolist(), "p": float(res.pvalue)})
    # Bootstrap intervals from scipy (Monte Carlo: compared within tolerance).
    for n in [10, 25, 50, 120, 300]:
        for shift in [0.0, 0.02]:
            a = np.round(np.clip(RNG.normal(0.5, 0.2, n), 0, 1), 4)
            b = np.round(np.clip(a + RNG.normal(shift, 0.07, n) + RNG.exponential(0.02, n) - 0.02, 0, 1), 4)
            case = {"a": a.tolist(), "b": b.tolist(), "resamples": 9999}
            for method in ["BCa", "percentile"]:
                ci = stats.bootstrap((a, b), lambda x, y, axis: np.mean(y - x, axis=axis), paired=True, vectorized=True,
                                     n_resamples=9999, method=method, random_state=RNG.integers(1 << 31)).confidence_interval
                case[method] = [float(ci.low), float(ci.high)]
            out["bootstrap"].append(case)
    # Hodges-Lehmann: R's exact interval where R uses it (n < 50, no ties or zeros).
    exact = []
    for n in [5, 8, 12, 20, 30, 45, 49]:
        d = np.round(RNG.normal(0.01, 0.05, n), 6)
        while len(set(np.abs(d))) < n or np.any(d == 0):  # R is exact only without ties or zeros
            d = np.round(RNG.normal(0.01, 0.05, n), 6)
        exact.append(d)
    r = r_hodges_lehmann([d.tolist() for d in exact])
    for d, rr in zip(exact, r or []):
        out["hodges_lehmann"].append({"d": d.tolist(), "source": "R wilcox.test", "estimate": rr[0], "ci_low": rr[1], "ci_high": rr[2]})
    # Beyond R's exact range, and with ties/zeros: the same definition, computed from the full Walsh list.
    for n, decimals in [(60, 6), (150, 2), (400, 3), (51, 1)]:
        d = np.round(RNG.normal(0.01, 0.05, n), decimals)
        est, lo, hi = tukey_interval(d)
        out["hodges_lehmann"].append({"d": d.tolist(), "source": "numpy Walsh list", "estimate": est, "ci_low": lo, "ci_high": hi})
    # Multiple testing against statsmodels.
    for m in [1, 2, 5, 18, 40]:
        p = np.concatenate([RNG.uniform(0, 0.05, m // 3 + 1), RNG.uniform(0, 1, m)])[:m]
        if m >= 5:
            p[1] = p[0]  # a tie
            p[-1] = 1.0
        row = {"p": p.tolist()}
        for method, key in [("holm", "holm"), ("bonferroni", "bonferroni"), ("fdr_bh", "bh")]:
            row[key] = multipletests(p, method=method)[1].tolist()
        out["multiple_testing"].append(row)
    # Correlations against scipy.
    for n in [5, 30, 200]:
        a = np.round(RNG.uniform(0, 1, n), 2)
        b = np.round(np.clip(a + RNG.normal(0, 0.1, n), 0, 1), 2)
        out["correlation"].append({"a": a.tolist(), "b": b.tolist(), "pearson": float(stats.pearsonr(a, b)[0]),
                                   "spearman": float(stats.spearmanr(a, b)[0])})
    return out


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    write("paired_samples.json", {"note": "scipy.stats.ttest_rel(b, a), wilcoxon(b - a) with defaults, binomtest(k, m)",
                                  "cases": paired_samples()})
    write("analytic_power.json", {"note": "paired t: scipy nct and R pwr/power.t.test; Wilcoxon: formulas evaluated with scipy",
                                  "cases": analytic_cases()})
    write("solvers.json", {"note": "R power.t.test(type = 'paired', strict = TRUE, tol = 1e-12)", **solver_cases()})
    import statsmodels
    write("analysis.json", {"note": "scipy permutation_test/bootstrap/pearsonr/spearmanr, statsmodels multipletests "
                                    f"{statsmodels.__version__}, R wilcox.test(conf.int = TRUE)", **analysis_cases()})
    write("bivariate_normal.json", {"note": "scipy.stats.multivariate_normal.cdf", "cases": bivariate_cases()})
    write("beta_quantiles.json", {"note": "scipy.stats.beta.ppf(norm.cdf(z)) (isf/sf in the upper half)", "cases": beta_cases()})


if __name__ == "__main__":
    main()
