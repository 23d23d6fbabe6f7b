// [amp]: torch.amp.GradScaler on the CPU. Scaling a loss and nested outputs, unscale_/step/update and
// their once-per-iteration stages, the step skipped on inf/NaN gradients, the scale's backoff and
// growth (PyTorch's _amp_update_scale_), state_dict round trips, the disabled scaler's pass-through, the
// deprecated torch.cuda.amp / torch.cpu.amp spellings, bad arguments as Python errors, and float32
// training loops (eager and compiled) whose parameters equal the unscaled loop's.
#include <catch2/catch.hpp>

#include "cuda/cuda.h"
#include "support/program.h"

using kiln::testing::program_output;
using kiln::testing::run_program;

TEST_CASE("GradScaler: scale multiplies tensors and nested lists/tuples by the scale", "[amp]") {
    CHECK(program_output("s = torch.amp.GradScaler('cpu', init_scale=1024)\n"
                         "print(s.get_scale(), s.is_enabled())\n"  // init_scale as given until the first scale()
                         "w = torch.tensor([1.0, -2.0], requires_grad=True)\n"
                         "l = s.scale((w * w).sum())\n"
                         "print(l.item(), l.dtype, type(l.grad_fn).__name__, s.get_scale())\n"
                         "out = s.scale([torch.tensor([1.0]), (torch.tensor(2.0), [torch.tensor(0.5)])])\n"
                         "print(type(out).__name__, out[0].tolist(), type(out[1]).__name__, out[1][0].item(), out[1][1][0].item())\n"
                         "h = torch.tensor(1.0, dtype=torch.float16)\n"
                         "print(s.scale(h).dtype, s.scale(torch.ones(2, dtype=torch.float16)).dtype)\n"
                         "print(s._scale.dtype, s._scale.shape)\n"
                         "for bad in [3, None]:\n"
                         "    try:\n"
                         "        s.scale(bad)\n"
                         "    except ValueError as e:\n"
                         "        print('ValueError', e)\n") ==
          "1024 True\n"
          "5120.0 torch.float32 MulBackward0 1024.0\n"
          "list [1024.0] tuple 2048.0 512.0\n"
          "torch.float32 torch.float16\n"  // 0-dim * 0-dim promotes; a 1-d half tensor stays half
          "torch.float32 torch.Size([])\n"
          "ValueError outputs must be a Tensor or an iterable of Tensors\n"
          "ValueError outputs must be a Tensor or an iterable of Tensors\n");
}

TEST_CASE("GradScaler: step unscales, skips on inf/NaN, update backs off and grows", "[amp]") {
    CHECK(program_output("s = torch.amp.GradScaler('cpu', init_scale=8.0, growth_interval=2)\n"
                         "w = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                         "opt = torch.optim.SGD([w], lr=0.5)\n"
                         "def it(x):\n"
                         "    opt.zero_grad()\n"
                         "    s.scale((w * x).sum()).backward()\n"
                         "    print('grad', w.grad.tolist(), end=' ')\n"
                         "    r = s.step(opt)\n"
                         "    print('unscaled', w.grad.tolist(), 'ret', r, 'w', w.tolist(), end=' ')\n"
                         "    s.update()\n"
                         "    print('scale', s.get_scale(), 'tracker', s._get_growth_tracker())\n"
                         "it(torch.tensor([1.0, 1.0]))\n"
                         "it(torch.tensor([1.0, 1.0]))\n"   // second clean step: growth
                         "it(torch.tensor([float('inf'), 1.0]))\n"  // skipped, backoff
                         "it(torch.tensor([float('nan'), 1.0]))\n"
                         "it(torch.tensor([2.0, 2.0]))\n"
                         "s.update(new_scale=3.0)\n"
                         "print(s.get_scale())\n"
                         "s.update(torch.tensor(5.0))\n"
                         "print(s.get_scale())\n") ==
          "grad [8.0, 8.0] unscaled [1.0, 1.0] ret None w [0.5, 1.5] scale 8.0 tracker 1\n"
          "grad [8.0, 8.0] unscaled [1.0, 1.0] ret None w [0.0, 1.0] scale 16.0 tracker 0\n"
          "grad [inf, 16.0] unscaled [inf, 1.0] ret None w [0.0, 1.0] scale 8.0 tracker 0\n"
          "grad [nan, 8.0] unscaled [nan, 1.0] ret None w [0.0, 1.0] scale 4.0 tracker 0\n"
          "grad [8.0, 8.0] unscaled [2.0, 2.0] ret None w [-1.0, 0.0] scale 4.0 tracker 1\n"
          "3.0\n"
          "5.0\n");
}

TEST_CASE("GradScaler: growth stops at a non-finite scale, setters change the factors", "[amp]") {
    CHECK(program_output("s = torch.amp.GradScaler('cpu', init_scale=2.0 ** 127, growth_interval=1)\n"
                         "w = torch.tensor([1.0], requires_grad=True)\n"
                         "opt = torch.optim.SGD([w], lr=0.0)\n"
                         "for i in range(2):\n"
                         "    opt.zero_grad()\n"
                         "    s.scale(w.sum() * 0.0).backward()\n"
                         "    s.step(opt)\n"
                         "    s.update()\n"
                         "    print(s.get_scale() == 2.0 ** 127, s._get_growth_tracker())\n"
                         "s.set_growth_factor(4.0)\n"
                         "s.set_backoff_factor(0.25)\n"
                         "s.set_growth_interval(7)\n"
                         "print(s.get_growth_factor(), s.get_backoff_factor(), s.get_growth_interval())\n") ==
          "True 0\n"
          "True 0\n"
          "4.0 0.25 7\n");
}

TEST_CASE("GradScaler: stage errors (unscale_ twice, step twice, unscale_ after step)", "[amp]") {
    CHECK(program_output("s = torch.amp.GradScaler('cpu')\n"
                         "w = torch.tensor([1.0], requires_grad=True)\n"
                         "opt = torch.optim.SGD([w], lr=0.1)\n"
                         "def tr(f):\n"
                         "    try:\n"
                         "        f()\n"
                         "        print('ok')\n"
                         "    except Exception as e:\n"
                         "        print(type(e).__name__, e)\n"
                         "tr(lambda: s.unscale_(opt))\n"
                         "tr(lambda: s.update())\n"
                         "s.scale(w.sum()).backward()\n"
                         "tr(lambda: s.update())\n"
                         "tr(lambda: s.unscale_(opt))\n"
                         "tr(lambda: s.unscale_(opt))\n"
                         "tr(lambda: s.step(opt))\n"
                         "tr(lambda: s.step(opt))\n"
                         "tr(lambda: s.unscale_(opt))\n"
                         "tr(lambda: s.update())\n"
                         "tr(lambda: s.step(opt, closure=None))\n"
                         "tr(lambda: s.step(torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)))\n"
                         "tr(lambda: s.step('x'))\n") ==
          "AssertionError Attempted unscale_ but _scale is None.  This may indicate your script did not use "
          "scaler.scale(loss or outputs) earlier in the iteration.\n"
          "AssertionError Attempted update but _scale is None.  This may indicate your script did not use "
          "scaler.scale(loss or outputs) earlier in the iteration.\n"
          "AssertionError No inf checks were recorded prior to update.\n"
          "ok\n"
          "RuntimeError unscale_() has already been called on this optimizer since the last update().\n"
          "ok\n"
          "RuntimeError step() has already been called since the last update().\n"
          "RuntimeError unscale_() is being called after step().\n"
          "ok\n"
          "RuntimeError Closure use is not currently supported if GradScaler is enabled.\n"
          "AssertionError No inf checks were recorded for this optimizer.\n"
          "AttributeError 'str' object has no attribute 'param_groups'\n");
}

TEST_CASE("GradScaler: state_dict round trip, a disabled scaler passes everything through", "[amp]") {
    CHECK(program_output("s = torch.amp.GradScaler('cpu', init_scale=64.0, growth_factor=3.0, backoff_factor=0.25, growth_interval=5)\n"
                         "w = torch.tensor([1.0], requires_grad=True)\n"
                         "opt = torch.optim.SGD([w], lr=0.1)\n"
                         "s.scale(w.sum()).backward()\n"
                         "s.step(opt)\n"
                         "s.update()\n"
                         "sd = s.state_dict()\n"
                         "print(sd)\n"
                         "t = torch.amp.GradScaler('cpu')\n"
                         "t.load_state_dict(sd)\n"
                         "print(t.state_dict() == sd, t.get_scale(), t.get_growth_factor(), t.get_growth_interval())\n"
                         "t.scale(torch.tensor(1.0))\n"
                         "t.load_state_dict({'scale': 2.0, 'growth_factor': 2.0, 'backoff_factor': 0.5, 'growth_interval': 3, '_growth_tracker': 2})\n"
                         "print(t.get_scale(), t._get_growth_tracker())\n"
                         "try:\n"
                         "    t.load_state_dict({})\n"
                         "except RuntimeError as e:\n"
                         "    print(e)\n"
                         "d = torch.amp.GradScaler('cpu', enabled=False)\n"
                         "x = torch.tensor([2.0])\n"
                         "print(d.is_enabled(), d.get_scale(), d.state_dict(), d.scale(x) is x)\n"
                         "opt.zero_grad()\n"
                         "(w * 2).sum().backward()\n"
                         "d.unscale_(opt)\n"
                         "d.unscale_(opt)\n"
                         "print(d.step(opt), w.tolist(), w.grad.tolist())\n"
                         "d.update()\n"
                         "d.load_state_dict({})\n"
                         "try:\n"
                         "    d.get_growth_factor()\n"
                         "except AttributeError as e:\n"
                         "    print(e)\n") ==
          "{'scale': 64.0, 'growth_factor': 3.0, 'backoff_factor': 0.25, 'growth_interval': 5, '_growth_tracker': 1}\n"
          "True 64.0 3.0 5\n"
          "2.0 2\n"
          "The source state dict is empty, possibly because it was saved from a disabled instance of GradScaler.\n"
          "False 1.0 {} True\n"
          "None [0.699999988079071] [2.0]\n"
          "'GradScaler' object has no attribute '_growth_factor'\n");
}

TEST_CASE("GradScaler: deprecated spellings warn, GradScaler('cuda') without a GPU disables itself", "[amp]") {
    auto r = run_program("import warnings\n"
                         "with warnings.catch_warnings(record=True) as w:\n"
                         "    warnings.simplefilter('always')\n"
                         "    a = torch.cpu.amp.GradScaler(init_scale=4.0)\n"
                         "    b = torch.cuda.amp.GradScaler()\n"
                         "    c = torch.amp.GradScaler()\n"
                         "    for r in w:\n"
                         "        print(r.category.__name__, r.message)\n"
                         "print(type(a).__name__, isinstance(a, torch.amp.GradScaler), a.is_enabled(), a.get_scale())\n"
                         "print(isinstance(b, torch.amp.GradScaler), b.is_enabled() == torch.cuda.is_available())\n"
                         "print(c.is_enabled() == torch.cuda.is_available())\n");
    REQUIRE(r.result.ok);
    const std::string cpu = "FutureWarning `torch.cpu.amp.GradScaler(args...)` is deprecated. Please use "
                            "`torch.amp.GradScaler('cpu', args...)` instead.\n";
    const std::string cuda = "FutureWarning `torch.cuda.amp.GradScaler(args...)` is deprecated. Please use "
                             "`torch.amp.GradScaler('cuda', args...)` instead.\n";
    const std::string off = "UserWarning torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling.\n";
    const std::string tail = "GradScaler True True 4.0\nTrue True\nTrue\n";
    if (kiln::cuda::is_available()) CHECK(r.out == cpu + cuda + tail);
    else CHECK(r.out == cpu + cuda + off + off + tail);
}

TEST_CASE("GradScaler: bad arguments are Python errors", "[amp]") {
    CHECK(program_output("def tr(f):\n"
                         "    try:\n"
                         "        f()\n"
                         "        print('ok')\n"
                         "    except Exception as e:\n"
                         "        print(type(e).__name__, e)\n"
                         "tr(lambda: torch.amp.GradScaler('cpu', growth_factor=1.0))\n"
                         "tr(lambda: torch.amp.GradScaler('cpu', backoff_factor=2))\n"
                         "tr(lambda: torch.amp.GradScaler('cpu', growth_factor='2'))\n"
                         "tr(lambda: torch.amp.GradScaler('cpu', init_scale='a').scale(torch.ones(1)))\n"
                         "s = torch.amp.GradScaler('cpu')\n"
                         "s.scale(torch.ones(1))\n"
                         "tr(lambda: s.update('x'))\n"
                         "tr(lambda: s.update(torch.tensor([1.0, 2.0])))\n"
                         "tr(lambda: s.load_state_dict(5))\n"
                         "tr(lambda: s.load_state_dict({'scale': 1.0}))\n"
                         "tr(lambda: torch.amp.GradScaler.scale(5, torch.ones(1)))\n"
                         "h = torch.ones(2, dtype=torch.float16, requires_grad=True)\n"
                         "(h.float().sum() * 2).backward()\n"
                         "tr(lambda: s.unscale_(torch.optim.SGD([h], lr=0.1)))\n") ==
          "AssertionError The growth factor must be > 1.0.\n"
          "AssertionError The backoff factor must be < 1.0.\n"
          "TypeError '<=' not supported between instances of 'str' and 'float'\n"
          "TypeError init_scale must be real number, not str\n"
          "TypeError fill_(): argument 'value' (position 1) must be Number, not str\n"
          "AssertionError new_scale should be a float or a 1-element torch.cuda.FloatTensor or                     "
          "torch.FloatTensor with requires_grad=False.\n"
          "TypeError object of type 'int' has no len()\n"
          "KeyError 'growth_factor'\n"
          "TypeError descriptor 'scale' for 'torch.amp.grad_scaler.GradScaler' objects doesn't apply to a 'int' object\n"
          "ValueError Attempting to unscale FP16 gradients.\n");
}

// A float32 MLP trained with a power-of-two scale: scaling and unscaling are exact, so every step's
// parameters equal the unscaled loop's (eager, and with the model compiled: the forward and backward
// then run as compiled plans through AOT autograd).
static const char* kTrainLoop =
    "def make():\n"
    "    torch.manual_seed(0)\n"
    "    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))\n"
    "torch.manual_seed(1)\n"
    "x = torch.randn(32, 8)\n"
    "y = torch.randn(32, 4)\n"
    "def run(scaler, compiled, opt_cls):\n"
    "    m = make()\n"
    "    f = torch.compile(m) if compiled else m\n"
    "    opt = opt_cls(m.parameters(), lr=0.05)\n"
    "    losses = []\n"
    "    for i in range(6):\n"
    "        opt.zero_grad()\n"
    "        loss = F.mse_loss(f(x), y)\n"
    "        if scaler is None:\n"
    "            loss.backward()\n"
    "            opt.step()\n"
    "        else:\n"
    "            scaler.scale(loss).backward()\n"
    "            scaler.step(opt)\n"
    "            scaler.update()\n"
    "        losses.append(loss.item())\n"
    "    return m, losses\n";

TEST_CASE("GradScaler: a float32 training loop reproduces the unscaled loop's parameters", "[amp]") {
    CHECK(program_output(std::string(kTrainLoop) +
                         "for opt_cls in [torch.optim.SGD, torch.optim.Adam]:\n"
                         "    a, la = run(None, False, opt_cls)\n"
                         "    s = torch.amp.GradScaler('cpu', init_scale=2.0 ** 12, growth_interval=2)\n"
                         "    b, lb = run(s, False, opt_cls)\n"
                         "    print(la == lb, all(torch.equal(p, q) for p, q in zip(a.parameters(), b.parameters())), s.get_scale())\n") ==
          "True True 32768.0\n"
          "True True 32768.0\n");
}

TEST_CASE("GradScaler: a compiled model's training loop matches the eager scaled loop", "[amp][aot]") {
    CHECK(program_output(std::string(kTrainLoop) +
                         "s1 = torch.amp.GradScaler('cpu', init_scale=2.0 ** 12, growth_interval=2)\n"
                         "a, la = run(s1, False, torch.optim.SGD)\n"
                         "s2 = torch.amp.GradScaler('cpu', init_scale=2.0 ** 12, growth_interval=2)\n"
                         "b, lb = run(s2, True, torch.optim.SGD)\n"
                         "print(all(abs(u - v) < 1e-5 for u, v in zip(la, lb)), s1.get_scale(), s2.get_scale())\n"
                         "print(all(torch.allclose(p, q, atol=1e-5) for p, q in zip(a.parameters(), b.parameters())))\n") ==
          "True 32768.0 32768.0\n"
          "True\n");
}
