// [autocast]: torch.autocast's per-op policy on the CPU (lower precision for products and convolutions,
// float32 for losses and prod, everything else in its input's dtype), the region's nesting and
// restoring, the weight-cast cache, gradients flowing back to float32 parameters, the deprecated
// spellings' warnings, and the recompile Dynamo makes when a compiled function is called inside a
// region (the autocast state is part of the global-state guard).
#include <catch2/catch.hpp>

#include "ops/autocast.h"
#include "support/program.h"

using kiln::testing::program_output;

TEST_CASE("autocast: CPU policy per op, in bfloat16", "[autocast]") {
    CHECK(program_output("torch.manual_seed(0)\n"
                         "lin = nn.Linear(4, 3)\n"
                         "x = torch.randn(2, 4)\n"
                         "with torch.autocast('cpu'):\n"
                         "    y = lin(x)\n"
                         "    print(y.dtype, type(y.grad_fn).__name__)\n"
                         "    print(y.relu().dtype, (y * 2).dtype)\n"                       // unlisted: input dtype
                         "    print(F.mse_loss(y, torch.zeros(2, 3)).dtype)\n"              // fp32
                         "    print(F.cross_entropy(y, torch.tensor([0, 2])).dtype)\n"     // fp32
                         "    print(y.prod().dtype)\n"                                      // fp32
                         "    print((x @ x.t()).dtype, torch.mm(x, x.t()).dtype, torch.bmm(x[None], x.t()[None]).dtype)\n"
                         "    print(x.double().matmul(x.double().t()).dtype)\n"             // float64 is never cast
                         "    print(torch.softmax(y, -1).dtype, y.sum().dtype)\n"           // CUDA-only lists: untouched
                         "print(lin(x).dtype)\n") ==
          "torch.bfloat16 AddmmBackward0\n"
          "torch.bfloat16 torch.bfloat16\n"
          "torch.float32\n"
          "torch.float32\n"
          "torch.float32\n"
          "torch.bfloat16 torch.bfloat16 torch.bfloat16\n"
          "torch.float64\n"
          "torch.bfloat16 torch.bfloat16\n"
          "torch.float32\n");
}

TEST_CASE("autocast: regions nest and restore, decorator, gradients reach float32 parameters", "[autocast]") {
    CHECK(program_output("torch.manual_seed(0)\n"
                         "lin = nn.Linear(4, 3)\n"
                         "x = torch.randn(2, 4)\n"
                         "print(torch.is_autocast_enabled('cpu'), torch.get_autocast_dtype('cpu'), torch.get_autocast_dtype('cuda'))\n"
                         "with torch.autocast('cpu'):\n"
                         "    with torch.autocast('cpu', enabled=False):\n"
                         "        print(lin(x).dtype, torch.is_autocast_enabled('cpu'))\n"
                         "    with torch.autocast('cpu', dtype=torch.float16):\n"
                         "        print(lin(x).dtype)\n"
                         "    loss = lin(x).float().pow(2).sum()\n"
                         "    print(torch.is_autocast_enabled('cpu'))\n"
                         "try:\n"
                         "    with torch.autocast('cpu'):\n"
                         "        raise ValueError('inside')\n"
                         "except ValueError:\n"
                         "    print('restored', torch.is_autocast_enabled('cpu'))\n"
                         "loss.backward()\n"
                         "print(lin.weight.grad.dtype, lin.bias.grad.dtype, lin.weight.grad.shape)\n"
                         "@torch.autocast('cpu')\n"
                         "def f(a):\n"
                         "    return lin(a)\n"
                         "print(f(x).dtype, lin(x).dtype)\n") ==
          "False torch.bfloat16 torch.float16\n"
          "torch.float32 False\n"
          "torch.float16\n"
          "True\n"
          "restored False\n"
          "torch.float32 torch.float32 torch.Size([3, 4])\n"
          "torch.bfloat16 torch.float32\n");
}

TEST_CASE("autocast: bfloat16 products stay close to float32, bad regions warn or raise", "[autocast]") {
    CHECK(program_output("torch.manual_seed(0)\n"
                         "a, b = torch.randn(16, 32), torch.randn(32, 8)\n"
                         "with torch.autocast('cpu'):\n"
                         "    c = a @ b\n"
                         "print(c.dtype, torch.allclose(c.float(), a @ b, rtol=0.05, atol=0.1))\n"
                         "import warnings\n"
                         "with warnings.catch_warnings(record=True) as w:\n"
                         "    warnings.simplefilter('always')\n"
                         "    with torch.cpu.amp.autocast():\n"
                         "        print((a @ b).dtype)\n"
                         "    with torch.autocast('cpu', dtype=torch.float64):\n"
                         "        print((a @ b).dtype)\n"
                         "    for r in w:\n"
                         "        print(r.category.__name__, str(r.message).split('\\n')[0][:40])\n"
                         "for bad in ['tpu', 3]:\n"
                         "    try:\n"
                         "        torch.autocast(bad)\n"
                         "    except (RuntimeError, TypeError) as e:\n"
                         "        print(type(e).__name__, e)\n") ==
          "torch.bfloat16 True\n"
          "torch.bfloat16\n"
          "torch.float32\n"
          "FutureWarning `torch.cpu.amp.autocast(args...)` is dep\n"
          "UserWarning In CPU autocast, but the target dtype is\n"
          "RuntimeError User specified an unsupported autocast device_type 'tpu'\n"
          "TypeError Expected `device_type` of type `str`, got: `<class 'int'>`\n");
}

TEST_CASE("autocast: a compiled function recompiles when called inside a region", "[autocast][dynamo]") {
    CHECK(program_output("torch.manual_seed(0)\n"
                         "lin = nn.Linear(4, 3)\n"
                         "x = torch.randn(2, 4)\n"
                         "calls = []\n"
                         "def counting(gm, ex):\n"
                         "    calls.append(1)\n"
                         "    return gm.forward\n"
                         "f = torch.compile(lambda a: lin(a).relu() * 2, backend=counting)\n"
                         "print(f(x).dtype, len(calls))\n"
                         "with torch.autocast('cpu'):\n"
                         "    print(f(x).dtype, len(calls))\n"
                         "    print(f(x).dtype, len(calls))\n"
                         "print(f(x).dtype, len(calls))\n"
                         "def h(a):\n"
                         "    with torch.autocast('cpu'):\n"
                         "        y = lin(a)\n"
                         "    return y.float() + 1\n"
                         "ch = torch.compile(h, backend=counting)\n"
                         // Entering a region inside the compiled function: Kiln's Dynamo runs that frame
                         // eagerly (PyTorch captures the region into the graph; Kiln does not yet), and
                         // must not loop on the resume function.
                         "print(ch(x).dtype, torch.allclose(ch(x), h(x)))\n") ==
          "torch.float32 1\n"
          "torch.bfloat16 2\n"
          "torch.bfloat16 2\n"
          "torch.float32 2\n"
          "torch.float32 True\n");
}

TEST_CASE("autocast: a program that never leaves its region releases the cached casts when it ends", "[autocast]") {
    // `torch.autocast("cpu").__enter__()` without an exit leaves the region open to the end of the
    // program; the casts cached for its parameters must go with the interpreter (they used to outlive
    // it and corrupt the heap when the thread's cache was destroyed at process exit).
    CHECK(kiln::testing::program_output(
              "import torch.nn as nn\n"
              "torch.autocast('cpu', dtype=torch.bfloat16).__enter__()\n"
              "m = nn.Linear(2, 2)\n"
              "print(m(torch.randn(1, 2)).dtype)\n") == "torch.bfloat16\n");
    CHECK(kiln::amp::cached_casts() == 0);
    CHECK(kiln::testing::program_output(
              "print(torch.is_autocast_enabled('cpu'))\n"
              "with torch.autocast('cpu', dtype=torch.bfloat16):\n"
              "    print(nn.Linear(2, 2)(torch.ones(1, 2)).dtype)\n"
              "print(torch.is_autocast_enabled('cpu'))\n") == "False\ntorch.bfloat16\nFalse\n");
    CHECK(kiln::amp::cached_casts() == 0);
}
