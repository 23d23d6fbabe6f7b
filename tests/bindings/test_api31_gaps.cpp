// Gaps earlier probes found (tests/realworld/GAPS.md, probe 13 #5, #6, #8), end to end through the
// interpreter: threads started at import (Thread.start() runs the target to its end inside start(),
// exceptions through threading.excepthook on stderr), dict subclasses through torch.save with their
// reductions and torch.load's refusals caught as pickle.UnpicklingError, attributes set on objects
// PyTorch writes as Python classes (optimizers, GradScaler, grad modes), copy.copy of an optimizer.
// Each expectation is CPython 3.12's / PyTorch 2.11's documented behaviour for the same lines.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

namespace {

std::string out_of(const std::string& src) { return kiln::testing::source_output(src); }

}  // namespace

TEST_CASE("api31: a thread's exception goes to threading.excepthook on stderr and the program goes on", "[bindings]") {
    auto r = kiln::testing::run_source(
        "import threading\n"
        "def check_version(v):\n"
        "    raise ValueError('offline ' + v)\n"
        "t = threading.Thread(target=check_version, args=('0.2',), name='vcheck', daemon=True)\n"
        "t.start()\n"
        "t.join()\n"
        "print('imported', t.is_alive(), t.daemon)\n");
    REQUIRE(r.result.ok);
    CHECK(r.out == "imported False True\n");
    CHECK(r.err.rfind("Exception in thread vcheck:\nTraceback (most recent call last):\n", 0) == 0);
    CHECK(r.err.find("line 3, in check_version\n") != std::string::npos);
    CHECK(r.err.find("ValueError: offline 0.2\n") != std::string::npos);
}

TEST_CASE("api31: a wait no thread can end is a located RuntimeError, not a hang", "[bindings]") {
    auto r = kiln::testing::run_source(
        "import threading\n"
        "ev = threading.Event()\n"
        "ev.wait()\n");
    REQUIRE_FALSE(r.result.ok);
    CHECK(r.result.error_type == "RuntimeError");
    CHECK(r.result.error_message.rfind("Event.wait() would wait forever: the event is not set", 0) == 0);
    CHECK(r.err.find("File \"t.py\", line 3, in <module>") != std::string::npos);
}

TEST_CASE("api31: torch.load's weights-only refusal is pickle.UnpicklingError, dict subclasses keep their type", "[bindings]") {
    CHECK(out_of("import io, pickle, torch\n"
                 "from collections import defaultdict, Counter\n"
                 "d = defaultdict(list)\n"
                 "d['a'].append(torch.ones(1))\n"
                 "b = io.BytesIO(); torch.save({'d': d, 'c': Counter('aab')}, b); b.seek(0)\n"
                 "try:\n"
                 "    torch.load(b)\n"
                 "except pickle.UnpicklingError as e:\n"
                 "    print(type(e) is pickle.UnpicklingError, isinstance(e, pickle.PickleError), 'collections.defaultdict' in str(e))\n"
                 "b.seek(0)\n"
                 "r = torch.load(b, weights_only=False)\n"
                 "print(type(r['d']).__name__, r['d'].default_factory, r['c'])\n"
                 "b = io.BytesIO(); torch.save(Counter([3, 3]), b); b.seek(0)\n"
                 "print(torch.load(b))\n"
                 "b = io.BytesIO(); torch.save(defaultdict(list), b)\n"
                 "with torch.serialization.safe_globals([defaultdict, list]):\n"
                 "    b.seek(0)\n"
                 "    print(type(torch.load(b)).__name__)\n"
                 "b.seek(0)\n"
                 "try:\n"
                 "    torch.load(b)\n"
                 "except pickle.UnpicklingError:\n"
                 "    print('refused after the block')\n") ==
          "True True True\n"
          "defaultdict <class 'list'> Counter({'a': 2, 'b': 1})\n"
          "Counter({3: 2})\n"
          "defaultdict\n"
          "refused after the block\n");
}

TEST_CASE("api31: objects PyTorch writes as Python classes take new attributes", "[bindings]") {
    // pytorch-lr-finder's test: mocker.spy(grad_scaler, "scale") replaces the method on the instance.
    CHECK(out_of("import torch\n"
                 "scaler = torch.amp.GradScaler('cpu')\n"
                 "calls = []\n"
                 "orig = scaler.scale\n"
                 "def spy(x):\n"
                 "    calls.append(1)\n"
                 "    return orig(x)\n"
                 "scaler.scale = spy\n"
                 "print(scaler.scale(torch.tensor(2.0)), len(calls), 'scale' in scaler.__dict__)\n"
                 "del scaler.scale\n"
                 "print(scaler.scale(torch.tensor(2.0)), len(calls))\n"
                 "m = torch.nn.Linear(2, 1)\n"
                 "opt = torch.optim.SGD(m.parameters(), lr=0.1)\n"
                 "opt.my_flag = True\n"
                 "print(opt.my_flag, getattr(opt, 'other', 'none'))\n"
                 "g = torch.no_grad()\n"
                 "g.tag = 'x'\n"
                 "with g:\n"
                 "    print(g.tag, torch.is_grad_enabled())\n") ==
          "tensor(131072.) 1 True\n"
          "tensor(131072.) 1\n"
          "True none\n"
          "x False\n");
}

TEST_CASE("api31: copy.copy of an optimizer and of classes with their own __reduce__", "[bindings]") {
    CHECK(out_of("import torch, copy\n"
                 "m = torch.nn.Linear(2, 1)\n"
                 "opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)\n"
                 "o2 = copy.copy(opt)\n"
                 "print(type(o2).__name__, o2.param_groups[0]['params'][0] is m.weight, o2.defaults['momentum'])\n"
                 "class R:\n"
                 "    def __init__(self, a):\n"
                 "        self.a = a\n"
                 "    def __reduce__(self):\n"
                 "        return (R, (self.a + 1,))\n"
                 "print(copy.copy(R(1)).a, copy.deepcopy(R(1)).a)\n") ==
          "SGD True 0.9\n"
          "2 2\n");
}
