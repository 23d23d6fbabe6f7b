// PyTorch's meta device in Kiln (Device::Meta, tensor/storage.h): tensors with sizes, strides and dtype
// but no data. These cases pin what PyTorch documents and prints for them (torch/_tensor_str.py's meta
// branch "tensor(..., device='meta', size=(2, 3))", ATen's "Cannot copy out of meta tensor; no data!"
// and "Tensor.item() cannot be called on meta tensors", nn.Module.to's to_empty hint), factories and
// layers made under `with torch.device('meta')`, to_empty and load_state_dict(assign=True), and that
// ops on meta tensors of terabytes run without touching memory. Each fails on an engine without the
// meta device (where 'meta' was not a device string).
#include <catch2/catch.hpp>

#include <string>

#include "ops/ops.h"
#include "support/program.h"
#include "tensor/tensor.h"

namespace {
std::string out_of(const std::string& src) { return kiln::testing::source_output(src); }
}  // namespace

TEST_CASE("meta device: factories, .to('meta'), is_meta, device and repr", "[bindings][meta]") {
    CHECK(out_of("import torch\n"
                 "d = torch.device('meta')\n"
                 "print(d, repr(d), d.type, d.index)\n"
                 "t = torch.empty(2, 3, device='meta')\n"
                 "print(t.is_meta, t.device, t.shape, t.stride(), t.dtype)\n"
                 "print(t)\n"
                 "print(torch.ones(3, dtype=torch.int64, device=d))\n"
                 "print(torch.zeros((), device='meta'), torch.empty(4, device='meta', requires_grad=True))\n"
                 "x = torch.arange(6.).reshape(2, 3)\n"
                 "m = x.to('meta')\n"
                 "print(m, x.is_meta, m.get_device())\n"
                 "print(torch.nn.Parameter(torch.empty(3, device='meta')))\n") ==
          "meta device(type='meta') meta None\n"
          "True meta torch.Size([2, 3]) (3, 1) torch.float32\n"
          "tensor(..., device='meta', size=(2, 3))\n"
          "tensor(..., device='meta', size=(3,), dtype=torch.int64)\n"
          "tensor(..., device='meta', size=()) tensor(..., device='meta', size=(4,), requires_grad=True)\n"
          "tensor(..., device='meta', size=(2, 3)) False -1\n"
          "Parameter containing:\ntensor(..., device='meta', size=(3,), requires_grad=True)\n");
}

TEST_CASE("meta device: ops compute sizes, strides and dtypes only", "[bindings][meta]") {
    CHECK(out_of("import torch\n"
                 "import torch.nn.functional as F\n"
                 "a = torch.empty(8, 16, device='meta')\n"
                 "b = torch.empty(16, 4, device='meta')\n"
                 "print((a @ b).shape, (a @ b).device, a.sum(0).shape, a.T.stride(), a[1:3, ::2].stride())\n"
                 "print(a.argmax(1))\n"
                 "print(torch.cat([a, a]).shape, (a > 0).dtype, (a + torch.tensor(1.)).is_meta)\n"
                 "i = torch.empty(5, dtype=torch.long, device='meta')\n"
                 "print(a[i].shape, torch.index_select(a, 0, i).shape)\n"
                 "conv = torch.nn.Conv2d(3, 5, 2, device='meta')\n"
                 "print(conv(torch.rand(2, 3, 10, 10, device='meta')))\n") ==
          "torch.Size([8, 4]) meta torch.Size([16]) (1, 16) (16, 2)\n"
          "tensor(..., device='meta', size=(8,), dtype=torch.int64)\n"
          "torch.Size([16, 16]) torch.bool True\n"
          "torch.Size([5, 16]) torch.Size([5, 16])\n"
          "tensor(..., device='meta', size=(2, 5, 9, 9), grad_fn=<ConvolutionBackward0>)\n");
}

TEST_CASE("meta device: reading or copying out data raises PyTorch's errors", "[bindings][meta]") {
    CHECK(out_of("import torch\n"
                 "t = torch.empty(3, device='meta')\n"
                 "def show(f):\n"
                 "    try:\n"
                 "        print('ok', f())\n"
                 "    except Exception as e:\n"
                 "        print(type(e).__name__ + ':', e)\n"
                 "show(lambda: torch.empty((), device='meta').item())\n"
                 "show(lambda: t.tolist())\n"
                 "show(lambda: t.cpu())\n"
                 "show(lambda: torch.zeros(3).copy_(t))\n"
                 "show(lambda: t.numpy())\n"
                 "show(lambda: t + torch.ones(3))\n"
                 "show(lambda: t.copy_(torch.ones(3)))\n"
                 "show(lambda: torch.nn.Linear(2, 2, device='meta').to('cpu'))\n") ==
          "RuntimeError: Tensor.item() cannot be called on meta tensors\n"
          "NotImplementedError: Cannot copy out of meta tensor; no data!\n"
          "NotImplementedError: Cannot copy out of meta tensor; no data!\n"
          "NotImplementedError: Cannot copy out of meta tensor; no data!\n"
          "TypeError: can't convert meta device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host "
          "memory first.\n"
          "RuntimeError: Tensor on device cpu is not on the expected device meta!\n"
          "ok tensor(..., device='meta', size=(3,))\n"
          "NotImplementedError: Cannot copy out of meta tensor; no data! Please use torch.nn.Module.to_empty() "
          "instead of torch.nn.Module.to() when moving module from meta to a different device.\n");
}

TEST_CASE("meta device: modules built under torch.device('meta'), to_empty, load_state_dict(assign=True)",
          "[bindings][meta]") {
    // recipes/module_load_state_dict_tips.py's flow; the meta build draws no random numbers, so the
    // generator's next draw is the same as without it.
    CHECK(out_of("import torch\n"
                 "import torch.nn as nn\n"
                 "torch.manual_seed(0)\n"
                 "ref = torch.rand(2)\n"
                 "torch.manual_seed(0)\n"
                 "with torch.device('meta'):\n"
                 "    meta_m = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 2))\n"
                 "    print(torch.get_default_device(), torch.zeros(1).device)\n"
                 "print(torch.get_default_device(), torch.zeros(1).device)\n"
                 "print(torch.equal(torch.rand(2), ref), meta_m[0].weight.is_meta, meta_m[1].bias)\n"
                 "m = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 2))\n"
                 "print(meta_m.load_state_dict(m.state_dict(), assign=True))\n"
                 "w = meta_m[0].weight\n"
                 "print(w.is_meta, type(w).__name__, w.requires_grad, torch.equal(meta_m(torch.ones(1, 4)), m(torch.ones(1, 4))))\n"
                 "lin = nn.Linear(3, 2, device='meta')\n"
                 "lin.to_empty(device='cpu')\n"
                 "print(lin.weight.device, lin.weight.shape, type(lin.weight).__name__, lin.bias.is_meta)\n"
                 "torch.set_default_device('meta')\n"
                 "print(torch.ones(2).is_meta, nn.Linear(1, 1).weight.is_meta)\n"
                 "torch.set_default_device(None)\n"
                 "print(torch.ones(2).device)\n") ==
          "meta meta\n"
          "cpu cpu\n"
          "True True Parameter containing:\ntensor(..., device='meta', size=(2,), requires_grad=True)\n"
          "<All keys matched successfully>\n"
          "False Parameter True True\n"
          "cpu torch.Size([2, 3]) Parameter False\n"
          "True True\n"
          "cpu\n");
}

TEST_CASE("meta device: tensors of terabytes cost nothing", "[ops][meta]") {
    // reasoning_about_shapes.py's conv over a 2**10 x 3 x 2**16 x 2**16 input: 52 TB that a meta tensor
    // never holds; the convolution skips its kernel and its output (88 TB) is sizes only.
    using namespace kiln;
    Tensor x = rand({int64_t(1) << 10, 3, int64_t(1) << 16, int64_t(1) << 16}, {DType::Float32, Device::Meta});
    Tensor w = empty({5, 3, 2, 2}, {DType::Float32, Device::Meta});
    Tensor y = conv2d(x, w, Tensor(), {1}, {0}, {1}, 1);
    CHECK(y.is_meta());
    CHECK(y.sizes() == Shape{1024, 5, 65535, 65535});
    Tensor z = add(x, x);
    CHECK(z.is_meta());
    CHECK(z.sizes() == x.sizes());
    CHECK_THROWS_WITH(x.to_double_vector(), "Cannot copy out of meta tensor; no data!");
}
