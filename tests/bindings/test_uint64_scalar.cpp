// Python ints in [2**63, 2**64) as tensor-op Scalars: PyTorch 2.11's argument parser reads them as
// c10 uint64 Scalars (Scalar::uint64 in tensor/dtype.h; wrapped operands marked wrapped_uint64):
// integer results wrap as ATen's casts do, floating results see the unsigned value, integer fills
// refuse the value, and 2**64 and past stay OverflowError.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

using kiln::testing::program_output;

TEST_CASE("uint64 Scalars: ints past int64 wrap in integer ops and keep their value in float ops",
          "[bindings][scalar]") {
    CHECK(program_output(R"PY(
import torch
i64 = torch.ones(2, dtype=torch.int64)
print((i64 * 2**63).tolist(), (i64 - 2**63).tolist(), (i64 + (2**64 - 1)).tolist())
print((torch.ones(2) * 2**63).tolist(), (torch.ones(2, dtype=torch.float64) + (2**64 - 1)).tolist())
print((torch.ones(1, dtype=torch.int32) * 2**63).tolist())
for f in (lambda: i64 * 2**64, lambda: torch.full((2,), 2**63), lambda: torch.full((2,), 2**63, dtype=torch.int64)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print(torch.full((1,), 2**63, dtype=torch.float32).tolist())
)PY") == "[-9223372036854775808, -9223372036854775808] [-9223372036854775807, -9223372036854775807] [0, 0]\n"
             "[9.223372036854776e+18, 9.223372036854776e+18] [1.8446744073709552e+19, 1.8446744073709552e+19]\n"
             "[0]\n"
             "OverflowError int too big to convert\n"
             "RuntimeError value cannot be converted to type int64_t without overflow\n"
             "RuntimeError value cannot be converted to type int64_t without overflow\n"
             "[9.223372036854776e+18]\n");
}
