// An LSTM layer's recurrence as one op with one autograd node, the shape of cuDNN's RNN (PyTorch's
// nn.LSTM on CUDA runs _cudnn_rnn: its output's grad_fn is CudnnRnnBackward0). Written with separate
// ops, a step is a GEMM, an add, a chunk, three sigmoids, two tanh, three multiplies and an add, each
// a kernel launch and an autograd node, and its backward twice as many: a 35-step, 2-layer training
// step issued thousands of launches. Here a step is the hidden projection's GEMM and one fused cell
// kernel (cuda/rnn.cu; a loop on the CPU) forward, one fused kernel and one GEMM backward, and the
// recurrent weight's gradient is one GEMM over all steps: sum_t dgates_t^T h_{t-1}.
//
// The layer is used where PyTorch uses cuDNN (rnn.py: an LSTM without projections on CUDA, outside
// tracing and Dynamo); the CPU keeps the cell written with ops, as ATen's CPU LSTM is (its graph is
// double-differentiable and traces as ops). Like cuDNN's, this backward is not differentiable: a
// create_graph backward through it leaves a node that raises PyTorch's message if it is reached.
#include "ops/rnn.h"

#include <cmath>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "cuda/rnn.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln {

namespace {

using autograd::Grads;

uint8_t code(DType d) { return static_cast<uint8_t>(d); }

template <typename T>
T sigmoid(T x) {
    return T(1) / (T(1) + std::exp(-x));
}

template <typename T>
void cell_forward_cpu(const T* xw, const T* hw, const T* b, const T* c_prev, T* h, T* c, T* act, int64_t B, int64_t H) {
    for (int64_t r = 0; r < B; ++r)
        for (int64_t j = 0; j < H; ++j) {
            const int64_t row = r * 4 * H, idx = r * H + j;
            T pre[4];
            for (int k = 0; k < 4; ++k) pre[k] = xw[row + k * H + j] + hw[row + k * H + j] + (b ? b[k * H + j] : T(0));
            const T i = sigmoid(pre[0]), f = sigmoid(pre[1]), g = std::tanh(pre[2]), o = sigmoid(pre[3]);
            const T cn = f * c_prev[idx] + i * g;
            c[idx] = cn;
            h[idx] = o * std::tanh(cn);
            act[row + j] = i, act[row + H + j] = f, act[row + 2 * H + j] = g, act[row + 3 * H + j] = o;
        }
}

template <typename T>
void cell_backward_cpu(const T* act, const T* c, const T* c_prev, const T* dh_rec, const T* dy, T* dc, T* dgates, int64_t B,
                       int64_t H) {
    for (int64_t r = 0; r < B; ++r)
        for (int64_t j = 0; j < H; ++j) {
            const int64_t row = r * 4 * H, idx = r * H + j;
            const T i = act[row + j], f = act[row + H + j], g = act[row + 2 * H + j], o = act[row + 3 * H + j];
            const T dh = dh_rec[idx] + (dy ? dy[idx] : T(0));
            const T tc = std::tanh(c[idx]);
            const T dcn = dc[idx] + dh * o * (T(1) - tc * tc);
            dgates[row + j] = dcn * g * i * (T(1) - i);
            dgates[row + H + j] = dcn * c_prev[idx] * f * (T(1) - f);
            dgates[row + 2 * H + j] = dcn * i * (T(1) - g * g);
            dgates[row + 3 * H + j] = dh * tc * o * (T(1) - o);
            dc[idx] = dcn * f;
        }
}

const void* ptr_or_null(const Tensor& t) { return t.defined() ? t.raw_data() : nullptr; }

// One step forward: h, c (views of the layer's outputs) and act from xw_t, hw = h_prev @ W_hh^T, c_prev.
void cell_forward(const Tensor& xw, const Tensor& hw, const Tensor& b, const Tensor& c_prev, const Tensor& h,
                  const Tensor& c, const Tensor& act) {
    const int64_t B = c.sizes()[0], H = c.sizes()[1];
    if (c.device() == Device::CUDA) {
        cuda::lstm_cell_forward(xw.raw_data(), hw.raw_data(), ptr_or_null(b), c_prev.raw_data(), h.raw_data(), c.raw_data(),
                                act.raw_data(), code(c.dtype()), B, H);
    } else {
        dispatch_float(c.dtype(), [&](auto tag) {  // float32 or float64 (lstm_layer checks)
            using T = typename decltype(tag)::type;
            cell_forward_cpu<T>(xw.data_ptr<T>(), hw.data_ptr<T>(), b.defined() ? b.data_ptr<T>() : nullptr,
                                c_prev.data_ptr<T>(), h.data_ptr<T>(), c.data_ptr<T>(), act.data_ptr<T>(), B, H);
        });
    }
}

void cell_backward(const Tensor& act, const Tensor& c, const Tensor& c_prev, const Tensor& dh_rec, const Tensor& dy,
                   const Tensor& dc, const Tensor& dgates) {
    const int64_t B = c.sizes()[0], H = c.sizes()[1];
    if (c.device() == Device::CUDA) {
        cuda::lstm_cell_backward(act.raw_data(), c.raw_data(), c_prev.raw_data(), dh_rec.raw_data(), ptr_or_null(dy),
                                 dc.raw_data(), dgates.raw_data(), code(c.dtype()), B, H);
    } else {
        dispatch_float(c.dtype(), [&](auto tag) {
            using T = typename decltype(tag)::type;
            cell_backward_cpu<T>(act.data_ptr<T>(), c.data_ptr<T>(), c_prev.data_ptr<T>(), dh_rec.data_ptr<T>(),
                                 dy.defined() ? dy.data_ptr<T>() : nullptr, dc.data_ptr<T>(), dgates.data_ptr<T>(), B, H);
        });
    }
}

void check_operand(const Tensor& t, const char* name, const Tensor& like, const Shape& shape) {
    KILN_CHECK(t.sizes() == shape, RuntimeError, "lstm_layer: ", name, " must have shape ", shape_str(shape), ", got ",
               shape_str(t.sizes()));
    KILN_CHECK(t.dtype() == like.dtype(), RuntimeError, "lstm_layer: ", name, " must have dtype ", dtype_name(like.dtype()),
               ", got ", dtype_name(t.dtype()));
    KILN_CHECK(t.device() == like.device(), RuntimeError,
               "Expected all tensors to be on the same device, but found at least two devices");
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> lstm_layer(const Tensor& xw, const Tensor& h0, const Tensor& c0, const Tensor& w_hh,
                                              const Tensor& b_hh, bool reverse) {
    KILN_CHECK(xw.dim() == 3 && xw.sizes()[2] % 4 == 0, RuntimeError,
               "lstm_layer: the input projection must be (T, B, 4*hidden_size), got ", shape_str(xw.sizes()));
    const int64_t T = xw.sizes()[0], B = xw.sizes()[1], H = xw.sizes()[2] / 4;
    KILN_CHECK(xw.is_floating_point(), RuntimeError, "lstm_layer: expected a floating tensor, got ", dtype_name(xw.dtype()));
    KILN_CHECK(xw.device() == Device::CUDA || xw.dtype() == DType::Float32 || xw.dtype() == DType::Float64, RuntimeError,
               "lstm_layer: a CPU layer computes in float32 or float64, got ", dtype_name(xw.dtype()));
    check_operand(h0, "h0", xw, {B, H});
    check_operand(c0, "c0", xw, {B, H});
    check_operand(w_hh, "weight_hh", xw, {4 * H, H});
    if (b_hh.defined()) check_operand(b_hh, "bias_hh", xw, {4 * H});

    const TensorOptions opts{xw.dtype(), xw.device()};
    Tensor out = empty({T, B, H}, opts), cs = empty({T, B, H}, opts), act = empty({T, B, 4 * H}, opts);
    Tensor h_last, c_last;
    {
        autograd::NoGradGuard no_grad;
        Tensor x = contiguous(xw.detach()), w_t = t(w_hh.detach());
        Tensor b = b_hh.defined() ? contiguous(b_hh.detach()) : Tensor();
        Tensor h = contiguous(h0.detach()), c = contiguous(c0.detach());
        for (int64_t s = 0; s < T; ++s) {
            const int64_t step = reverse ? T - 1 - s : s;
            Tensor hw = contiguous(mm(h, w_t));
            Tensor h_step = select(out, 0, step), c_step = select(cs, 0, step);
            cell_forward(select(x, 0, step), hw, b, c, h_step, c_step, select(act, 0, step));
            h = h_step, c = c_step;
        }
        h_last = clone(h), c_last = clone(c);
    }
    if (!autograd::needs_grad({xw, h0, c0, w_hh, b_hh})) return {out, h_last, c_last};

    autograd::SavedTensor s_out = autograd::SavedTensor::output(out), s_h0(h0), s_c0(c0), s_w(w_hh);
    autograd::record(
        "CudnnRnnBackward0", {xw, h0, c0, w_hh, b_hh}, {out, h_last, c_last},
        [s_out, s_h0, s_c0, s_w, cs, act, reverse, T, B, H, has_bias = b_hh.defined()](const Grads& g) -> Grads {
            Tensor out = s_out.get(), h0 = s_h0.get(), c0 = s_c0.get(), w = s_w.get();
            const bool create_graph = autograd::grad_enabled();
            Grads grads(5);
            {
                autograd::NoGradGuard no_grad;
                const TensorOptions opts{out.dtype(), out.device()};
                Tensor dout = g[0].defined() ? contiguous(g[0].detach()) : Tensor();
                Tensor dh = g[1].defined() ? contiguous(g[1].detach()) : zeros({B, H}, opts);
                Tensor dc = g[2].defined() ? clone(g[2].detach()) : zeros({B, H}, opts);
                dc = contiguous(dc);
                Tensor c0c = contiguous(c0.detach()), wc = contiguous(w.detach());
                Tensor dgates = empty({T, B, 4 * H}, opts);
                for (int64_t s = 0; s < T; ++s) {
                    const int64_t step = reverse ? s : T - 1 - s;
                    const bool first = reverse ? step == T - 1 : step == 0;  // first in the forward's order
                    Tensor c_prev = first ? c0c : select(cs, 0, reverse ? step + 1 : step - 1);
                    Tensor dg = select(dgates, 0, step);
                    cell_backward(select(act, 0, step), select(cs, 0, step), c_prev, dh,
                                  dout.defined() ? select(dout, 0, step) : Tensor(), dc, dg);
                    dh = contiguous(mm(dg, wc));
                }
                // h_{t-1} of every step, in time order: h0 first (forward) or last (reverse).
                Tensor h0c = unsqueeze(contiguous(h0.detach()), 0), outd = out.detach();
                Tensor hprev = T == 1 ? h0c
                               : reverse ? cat({narrow(outd, 0, 1, T - 1), h0c}, 0)
                                         : cat({h0c, narrow(outd, 0, 0, T - 1)}, 0);
                Tensor dg2 = view(dgates, {T * B, 4 * H});
                grads[0] = dgates;
                grads[1] = dh;
                grads[2] = dc;
                grads[3] = mm(t(dg2), reshape(hprev, {T * B, H}));
                if (has_bias) grads[4] = sum(dg2, {0});
            }
            if (create_graph) {
                std::vector<Tensor> ins(g.begin(), g.end());
                ins.insert(ins.end(), {h0, c0, w});
                std::vector<Tensor> defined;
                for (const Tensor& t : grads)
                    if (t.defined()) defined.push_back(t);
                if (autograd::needs_grad(ins))
                    autograd::record("NotImplemented", ins, defined, [](const Grads&) -> Grads {
                        KILN_FAIL(RuntimeError, "the derivative for '_cudnn_rnn_backward' is not implemented.");
                    });
            }
            return grads;
        });
    return {out, h_last, c_last};
}

}  // namespace kiln
