#include "pairpower/base/formatting.hpp"

#include <cmath>

#include <catch2/catch.hpp>

using namespace pairpower;

TEST_CASE("p-values have one format: three decimals, four below 0.01, and < 0.001", "[formatting]") {
  CHECK(format_p(0.0341) == "0.034");
  CHECK(format_p(1.0) == "1.000");
  CHECK(format_p(0.00421) == "0.0042");
  CHECK(format_p(0.00099) == "< 0.001");
  CHECK(format_p(0.0) == "< 0.001");
  CHECK(p_equals(0.2) == "p = 0.200");
  CHECK(p_equals(2e-5) == "p < 0.001");
}

TEST_CASE("csv numbers carry no binary noise", "[formatting]") {
  CHECK(format_csv(0.48889000000000005) == "0.48889");
  CHECK(format_csv(0.1 + 0.2) == "0.3");
  CHECK(format_csv(-2.5e-7) == "-2.5e-07");
  CHECK(format_csv(100000) == "100000");
}

TEST_CASE("statistics print by kind: p-values, standard errors, counts with separators, other numbers to four significant digits", "[formatting]") {
  CHECK(format_stat("t.p", 0.5) == "0.500");
  CHECK(format_stat("p_holm", 1e-9) == "< 0.001");
  CHECK(format_stat("randomization.p_se", 0.00012) == "< 0.0005");
  CHECK(format_stat("randomization.p_se", 0.0123) == "0.012");
  CHECK(format_stat("min_attainable_p", 0.125) == "0.125");
  CHECK(format_stat("min_attainable_p", 1.9e-6) == "< 0.001");
  CHECK(format_stat("n", 12345) == "12,345");
  CHECK(format_stat("bootstrap.resamples", 10000) == "10,000");
  CHECK(format_stat("planning.curve_cap", 100000) == "100,000");
  CHECK(format_stat("delta", 0.0123456) == "0.01235");
  CHECK(format_stat("delta", 0) == "0");
  CHECK(format_stat("t.statistic", 7456.0) == "7,456");
}

TEST_CASE("a statistic has four significant digits and never an exponent", "[formatting]") {
  CHECK(format_sig(12.3456) == "12.35");
  CHECK(format_sig(-0.012345) == "-0.01235");
  CHECK(format_sig(0.5) == "0.5000");
  CHECK(format_sig(999.96) == "1,000");  // rounds up into the next decade: no "1000.0"
  CHECK(format_sig(9.9996) == "10.00");
  CHECK(format_sig(123456.7) == "123,457");
  CHECK(format_sig(1.24e-60) == "< 0.0001");
  CHECK(format_sig(-3e-7) == "> -0.0001");
  CHECK(format_sig(0.0001) == "0.0001000");
  CHECK(format_signed(0.0123) == "+0.01230");
  CHECK(format_signed(-0.5) == "-0.5000");
  for (double x : {1e-4, 3.3e-3, 0.07, 1.5, 42.0, 512.5, 7456.0, 1e9, 2e-60})
    CHECK(format_sig(x).find('e') == std::string::npos);
}

TEST_CASE("a standard error that rounds to zero says how small it is instead of 0.000", "[formatting]") {
  CHECK(format_se(0.0) == "< 0.0005");
  CHECK(format_se(0.00049) == "< 0.0005");
  CHECK(format_se(0.0006) == "0.001");
  CHECK(format_se(0.0158) == "0.016");
}

TEST_CASE("a Monte Carlo bound is written rounded away from the estimate, so that it stays a bound", "[formatting]") {
  CHECK(format_mc_bound(1, 0.99850301) == "≥0.9985");
  CHECK(format_mc_bound(1, 0.99700930) == "≥0.9970");  // 0.9970093 rounded to nearest would also be 0.9970; 0.99709 must not become 0.9971
  CHECK(format_mc_bound(1, 0.99709) == "≥0.9970");
  CHECK(format_mc_bound(0, 0.0029907) == "≤0.0030");
  CHECK(format_mc_bound(0, 0.0014969) == "≤0.0015");
  CHECK(format_mc_bound(0, 0.00141) == "≤0.0015");
  CHECK(format_mc_bound(0.5, std::nan("")).empty());
}

TEST_CASE("values within rounding noise of zero are zero", "[formatting]") {
  CHECK(snap_noise(2.8e-17, 1.0) == 0.0);
  CHECK(snap_noise(-1e-13, 0.5) == 0.0);
  CHECK(snap_noise(1e-6, 1.0) == 1e-6);
  CHECK(snap_noise(1e-15, 1e-6) == 1e-15);  // tiny data, tiny effects: kept
}

TEST_CASE("huge statistics keep their exact digits, grouped; LaTeX cells draw < and > in math mode", "[formatting]") {
  CHECK(format_sig(1.5e19) == "15,000,000,000,000,000,000");
  CHECK(format_sig(-9.1e15) == "-9,100,000,000,000,000");
  CHECK(format_sig(1234.5) == "1,235");
  CHECK(latex_escape("< 0.0001") == "$<$ 0.0001");
  CHECK(latex_escape("a_b > c") == "a\\_b $>$ c");
}
