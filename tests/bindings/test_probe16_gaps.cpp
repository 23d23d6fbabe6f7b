// Gaps that running unseen public programs in Kiln showed (tests/realworld/GAPS.md, probe 16:
// gordicaleksa's GAT / original-transformer / GANs, hyunwoongko/transformer, lukemelas/EfficientNet-PyTorch,
// pytorch/tutorials sources not run before), end to end through the interpreter. Each case prints what
// PyTorch 2.11 / CPython 3.12 print for the same lines (their documented behaviour and source), so each
// would fail on the engine before its fix.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

namespace {

// stdout of a program that must succeed.
std::string out_of(const std::string& src) { return kiln::testing::source_output(src); }

}  // namespace

TEST_CASE("probe 16: torch.utils.model_zoo is the hub's load_state_dict_from_url under its old name", "[bindings]") {
    // lukemelas/EfficientNet-PyTorch's utils.py does `from torch.utils import model_zoo` at import time
    // and calls model_zoo.load_url(url) for pretrained weights; PyTorch keeps the module as two re-exports.
    CHECK(out_of("import os, tempfile, torch\n"
                 "from torch.utils import model_zoo\n"
                 "import torch.utils.model_zoo as mz\n"
                 "print(model_zoo.load_url is torch.hub.load_state_dict_from_url, mz is model_zoo)\n"
                 "print(callable(model_zoo.tqdm))\n"
                 "d = tempfile.mkdtemp()\n"
                 "torch.hub.set_dir(d)\n"
                 "os.makedirs(os.path.join(d, 'checkpoints'))\n"
                 "torch.save({'w': torch.arange(3.0)}, os.path.join(d, 'checkpoints', 'tiny-0123abcd.pth'))\n"
                 "print(model_zoo.load_url('https://example.com/weights/tiny-0123abcd.pth'))\n") ==
          "True True\n"
          "True\n"
          "{'w': tensor([0., 1., 2.])}\n");
}

TEST_CASE("probe 16: numpy.fromstring parses text and refuses the removed binary mode as NumPy 2", "[bindings]") {
    // lucidrains' enwik8 training scripts (PaLM-pytorch, x-transformers, ...) read bytes with
    // `np.fromstring(file.read(n), dtype=np.uint8)`: NumPy 2 raises this ValueError (the fix is
    // frombuffer); the text mode with sep= still parses numbers (NumPy's documented examples).
    CHECK(out_of("import numpy as np\n"
                 "print(repr(np.fromstring('1 2', dtype=int, sep=' ')))\n"
                 "print(repr(np.fromstring('1, 2', dtype=int, sep=',')))\n"
                 "print(repr(np.fromstring(' 0.5 1.25\\n3 ', sep=' ')))\n"
                 "print(repr(np.fromstring('1,2,3,4', dtype=np.float32, count=3, sep=',')))\n"
                 "try:\n"
                 "    np.fromstring(b'\\x01\\x02', dtype=np.uint8)\n"
                 "except ValueError as e:\n"
                 "    print(e)\n") ==
          "array([1, 2])\n"
          "array([1, 2])\n"
          "array([0.5 , 1.25, 3.  ])\n"
          "array([1., 2., 3.], dtype=float32)\n"
          "The binary mode of fromstring is removed, use frombuffer instead\n");
}

TEST_CASE("probe 16: a 0-d integer tensor is an int argument through __index__", "[bindings]") {
    // lucidrains/PaLM-pytorch's train.py decodes samples with `chr(max(32, token))` over a tensor's
    // elements; CPython's integer converters call Tensor.__index__ (parity python
    // lang_index_protocol_int_args covers the same rule for a plain class).
    CHECK(out_of("import itertools, math, torch\n"
                 "tokens = torch.tensor([72, 105, 10, 33])\n"
                 "print(repr(''.join(chr(max(32, t)) for t in tokens)))\n"
                 "n = torch.tensor(3)\n"
                 "print(math.factorial(n), math.comb(n, 2), '7'.zfill(n), list(itertools.islice(range(9), n)))\n"
                 "print([0] * n, n * [1], 'ab' * n)\n"
                 "try:\n"
                 "    chr(torch.tensor(97.0))\n"
                 "except TypeError as e:\n"
                 "    print(e)\n") ==
          "'Hi !'\n"
          "6 3 007 [0, 1, 2]\n"
          "[0, 0, 0] [1, 1, 1] ababab\n"
          "only integer tensors of a single element can be converted to an index\n");
}
