# torch.nn.modules.rnn: RNN (tanh/relu), LSTM (proj_size), GRU and RNNCell/LSTMCell/GRUCell, built from
# differentiable ops (F.linear, sigmoid, tanh, stack, cat) so autograd, tracing and Dynamo see through
# them. Parameters are created and named as PyTorch's (weight_ih_l{k}{_reverse}, ..., weight_hr_l{k})
# in PyTorch's order and initialised with its draws (U(-1/sqrt(hidden), 1/sqrt(hidden)) over
# parameters() in order), so torch.manual_seed gives PyTorch's weights. The gate arithmetic follows
# PyTorch's CPU cells: gates = linear(x, W_ih, b_ih) + linear(h, W_hh, b_hh); LSTM chunks (i, f, g, o),
# GRU chunks (r, z, n) with n = tanh(x_n + r * h_n) and h' = n + z * (h - n). Inputs may be
# PackedSequences (torch.nn.utils.rnn): each step runs on the batch_sizes[t] longest sequences.
# An LSTM without projections on CUDA (where PyTorch runs cuDNN) runs each layer as one op instead,
# torch._kiln_lstm_layer (ops/rnn.cpp), outside tracing and Dynamo, which see the cell as ops.
import math
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn import Parameter, init


def _apply_permutation(tensor, permutation, dim=1):
    return tensor.index_select(dim, permutation)


class RNNBase(nn.Module):
    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        if not isinstance(dropout, (int, float)) or not 0 <= dropout <= 1 or isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an "
                             "element being zeroed")
        if dropout > 0 and num_layers == 1:
            warnings.warn("dropout option adds dropout after all but last recurrent layer, so non-zero dropout "
                          f"expects num_layers greater than 1, but got dropout={dropout} and num_layers={num_layers}")
        if not isinstance(hidden_size, int):
            raise TypeError(f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        if mode == "LSTM":
            gate_size = 4 * hidden_size
        elif mode == "GRU":
            gate_size = 3 * hidden_size
        elif mode == "RNN_TANH" or mode == "RNN_RELU":
            gate_size = hidden_size
        else:
            raise ValueError("Unrecognized RNN mode: " + mode)
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(num_directions):
                real_hidden_size = proj_size if proj_size > 0 else hidden_size
                layer_input_size = input_size if layer == 0 else real_hidden_size * num_directions
                w_ih = Parameter(torch.empty((gate_size, layer_input_size), dtype=dtype))
                w_hh = Parameter(torch.empty((gate_size, real_hidden_size), dtype=dtype))
                b_ih = Parameter(torch.empty(gate_size, dtype=dtype))
                b_hh = Parameter(torch.empty(gate_size, dtype=dtype))
                if proj_size == 0:
                    layer_params = (w_ih, w_hh, b_ih, b_hh) if bias else (w_ih, w_hh)
                else:
                    w_hr = Parameter(torch.empty((proj_size, hidden_size), dtype=dtype))
                    layer_params = (w_ih, w_hh, b_ih, b_hh, w_hr) if bias else (w_ih, w_hh, w_hr)
                suffix = "_reverse" if direction == 1 else ""
                param_names = ["weight_ih_l{}{}", "weight_hh_l{}{}"]
                if bias:
                    param_names += ["bias_ih_l{}{}", "bias_hh_l{}{}"]
                if proj_size > 0:
                    param_names += ["weight_hr_l{}{}"]
                param_names = [x.format(layer, suffix) for x in param_names]
                for name, param in zip(param_names, layer_params):
                    setattr(self, name, param)
                self._flat_weights_names.extend(param_names)
                self._all_weights.append(param_names)
        self.reset_parameters()

    @property
    def _flat_weights(self):
        return [getattr(self, wn) for wn in self._flat_weights_names]

    @property
    def all_weights(self):
        return [[getattr(self, weight) for weight in weights] for weights in self._all_weights]

    def flatten_parameters(self):
        # cuDNN's packed weights do not exist in Kiln: nothing to do (as on the CPU in PyTorch).
        return None

    def _init_flat_weights(self):
        return None

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def extra_repr(self):
        s = "{}, {}".format(self.input_size, self.hidden_size)
        if self.proj_size != 0:
            s += ", proj_size={}".format(self.proj_size)
        if self.num_layers != 1:
            s += ", num_layers={}".format(self.num_layers)
        if self.bias is not True:
            s += ", bias={}".format(self.bias)
        if self.batch_first is not False:
            s += ", batch_first={}".format(self.batch_first)
        if self.dropout != 0:
            s += ", dropout={}".format(self.dropout)
        if self.bidirectional is not False:
            s += ", bidirectional={}".format(self.bidirectional)
        return s

    # ---- argument checks (PyTorch's messages) ----
    def check_input(self, input, batch_sizes):
        expected_input_dim = 2 if batch_sizes is not None else 3
        if input.dim() != expected_input_dim:
            raise RuntimeError(f"input must have {expected_input_dim} dimensions, got {input.dim()}")
        # PyTorch's RNNBase.check_input: a dtype unlike the weights' is a ValueError before any
        # shape check (skipped under autocast, where the kernels cast their inputs).
        weights = self._flat_weights
        if (weights and input.dtype != weights[0].dtype
                and not (torch.is_autocast_enabled("cpu") or torch.is_autocast_enabled("cuda"))):
            raise ValueError(f"input must have the type {weights[0].dtype}, got type {input.dtype}")
        if self.input_size != input.size(-1):
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected {self.input_size}, got {input.size(-1)}")

    def get_expected_hidden_size(self, input, batch_sizes):
        if batch_sizes is not None:
            mini_batch = int(batch_sizes[0])
        else:
            mini_batch = input.size(0) if self.batch_first else input.size(1)
        num_directions = 2 if self.bidirectional else 1
        if self.proj_size > 0:
            return (self.num_layers * num_directions, mini_batch, self.proj_size)
        return (self.num_layers * num_directions, mini_batch, self.hidden_size)

    def check_hidden_size(self, hx, expected_hidden_size, msg="Expected hidden size {}, got {}"):
        if tuple(hx.size()) != expected_hidden_size:
            raise RuntimeError(msg.format(expected_hidden_size, list(hx.size())))

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden, self.get_expected_hidden_size(input, batch_sizes))

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return _apply_permutation(hx, permutation)

    # ---- the recurrence ----
    def _cell(self, x, state, w, xw=None):
        # One step of one layer and direction. state: h (RNN/GRU) or (h, c) (LSTM); w: its parameters;
        # xw: the step's input projection F.linear(x, w_ih, b_ih) when the caller computed it already.
        w_ih, w_hh = w[0], w[1]
        b_ih = w[2] if self.bias else None
        b_hh = w[3] if self.bias else None
        if xw is None:
            xw = F.linear(x, w_ih, b_ih)
        if self.mode == "LSTM":
            h, c = state
            gates = xw + F.linear(h, w_hh, b_hh)
            i, f, g, o = gates.chunk(4, 1)
            i = torch.sigmoid(i)
            f = torch.sigmoid(f)
            g = torch.tanh(g)
            o = torch.sigmoid(o)
            c2 = f * c + i * g
            h2 = o * torch.tanh(c2)
            if self.proj_size > 0:
                h2 = F.linear(h2, w[-1])
            return (h2, c2)
        if self.mode == "GRU":
            gi = xw
            gh = F.linear(state, w_hh, b_hh)
            i_r, i_z, i_n = gi.chunk(3, 1)
            h_r, h_z, h_n = gh.chunk(3, 1)
            r = torch.sigmoid(i_r + h_r)
            z = torch.sigmoid(i_z + h_z)
            n = torch.tanh(i_n + r * h_n)
            return n + z * (state - n)
        pre = xw + F.linear(state, w_hh, b_hh)
        return torch.tanh(pre) if self.mode == "RNN_TANH" else torch.relu(pre)

    def _run_direction(self, steps, state, w, reverse, batch_sizes):
        # steps: list of (batch_t, features) inputs; batch_sizes: per-step batch (packed) or None.
        T = len(steps)
        outs = [None] * T
        order = range(T - 1, -1, -1) if reverse else range(T)
        is_lstm = self.mode == "LSTM"
        if batch_sizes is None:
            # As ATen's FullLayer does on the CPU: every step's input projection in one matmul, then
            # only the hidden projection per step (also far fewer kernel launches on a GPU).
            xws = F.linear(torch.stack(steps, 0), w[0], w[2] if self.bias else None).unbind(0)
            for t in order:
                state = self._cell(steps[t], state, w, xws[t])
                outs[t] = state[0] if is_lstm else state
            return outs, state
        # Packed: the hidden rows of sequences that ended are kept aside (forward) or join later (reverse).
        full = state
        if not reverse:
            cur = full
            finished = []
            for t in order:
                b = batch_sizes[t]
                cur_b = cur[0].size(0) if is_lstm else cur.size(0)
                if b < cur_b:
                    if is_lstm:
                        finished.append((cur[0][b:], cur[1][b:]))
                        cur = (cur[0][:b], cur[1][:b])
                    else:
                        finished.append(cur[b:])
                        cur = cur[:b]
                cur = self._cell(steps[t], cur, w)
                outs[t] = cur[0] if is_lstm else cur
            finished.append(cur)
            finished.reverse()
            if is_lstm:
                final = (torch.cat([f[0] for f in finished], 0), torch.cat([f[1] for f in finished], 0))
            else:
                final = torch.cat(finished, 0)
            return outs, final
        cur = None
        for t in order:
            b = batch_sizes[t]
            if cur is None:
                cur = (full[0][:b], full[1][:b]) if is_lstm else full[:b]
            else:
                have = cur[0].size(0) if is_lstm else cur.size(0)
                if b > have:
                    if is_lstm:
                        cur = (torch.cat([cur[0], full[0][have:b]], 0), torch.cat([cur[1], full[1][have:b]], 0))
                    else:
                        cur = torch.cat([cur, full[have:b]], 0)
            cur = self._cell(steps[t], cur, w)
            outs[t] = cur[0] if is_lstm else cur
        return outs, cur

    def _forward_impl(self, input, hx, batch_sizes):
        # input: (T, N, F) (batch_sizes None) or packed data (sum(batch_sizes), F).
        num_directions = 2 if self.bidirectional else 1
        is_lstm = self.mode == "LSTM"
        if (is_lstm and batch_sizes is None and self.proj_size == 0 and input.is_cuda
                and not torch.compiler.is_compiling() and not torch._C._get_tracing_state()):
            return self._forward_lstm_layers(input, hx)
        if batch_sizes is None:
            steps = list(input.unbind(0))
        else:
            steps = []
            offset = 0
            for b in batch_sizes:
                steps.append(input[offset:offset + b])
                offset += b
        h_n, c_n = [], []
        flat = self._flat_weights
        per = len(flat) // (self.num_layers * num_directions)
        for layer in range(self.num_layers):
            dir_outs = []
            for direction in range(num_directions):
                k = layer * num_directions + direction
                w = flat[k * per:(k + 1) * per]
                state = (hx[0][k], hx[1][k]) if is_lstm else hx[k]
                outs, final = self._run_direction(steps, state, w, direction == 1, batch_sizes)
                dir_outs.append(outs)
                if is_lstm:
                    h_n.append(final[0])
                    c_n.append(final[1])
                else:
                    h_n.append(final)
            if num_directions == 1:
                steps = dir_outs[0]
            else:
                steps = [torch.cat([a, b], 1) for a, b in zip(dir_outs[0], dir_outs[1])]
            if self.dropout > 0 and self.training and layer < self.num_layers - 1:
                steps = [F.dropout(s, self.dropout, True) for s in steps]
        output = torch.stack(steps, 0) if batch_sizes is None else torch.cat(steps, 0)
        hidden = torch.stack(h_n, 0)
        if is_lstm:
            return output, (hidden, torch.stack(c_n, 0))
        return output, hidden

    def _forward_lstm_layers(self, input, hx):
        # Where PyTorch runs cuDNN (an LSTM on CUDA): each layer and direction is one projection of all
        # steps' inputs (one GEMM) and one recurrence op, torch._kiln_lstm_layer (ops/rnn.cpp), whose
        # backward is one node, as cuDNN's CudnnRnnBackward0; between layers dropout covers the whole
        # output at once.
        num_directions = 2 if self.bidirectional else 1
        flat = self._flat_weights
        per = len(flat) // (self.num_layers * num_directions)
        h_n, c_n = [], []
        layer_input = input
        for layer in range(self.num_layers):
            outs = []
            for direction in range(num_directions):
                k = layer * num_directions + direction
                w = flat[k * per:(k + 1) * per]
                xw = F.linear(layer_input, w[0], w[2] if self.bias else None)
                out, h, c = torch._kiln_lstm_layer(xw, hx[0][k], hx[1][k], w[1], w[3] if self.bias else None,
                                                   direction == 1)
                outs.append(out)
                h_n.append(h)
                c_n.append(c)
            layer_input = outs[0] if num_directions == 1 else torch.cat(outs, 2)
            if self.dropout > 0 and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        return layer_input, (torch.stack(h_n, 0), torch.stack(c_n, 0))

    def forward(self, input, hx=None):
        from torch.nn.utils.rnn import PackedSequence
        num_directions = 2 if self.bidirectional else 1
        is_lstm = self.mode == "LSTM"
        name = "LSTM" if is_lstm else ("GRU" if self.mode == "GRU" else "RNN")
        real_hidden = self.proj_size if self.proj_size > 0 else self.hidden_size
        orig_input = input
        is_batched = True
        batch_dim = 0 if self.batch_first else 1
        if isinstance(orig_input, PackedSequence):
            input = orig_input.data
            batch_sizes = [int(b) for b in orig_input.batch_sizes.tolist()]
            sorted_indices = orig_input.sorted_indices
            unsorted_indices = orig_input.unsorted_indices
            max_batch_size = batch_sizes[0]
        else:
            batch_sizes = None
            if input.dim() not in (2, 3):
                # PyTorch words the vanilla RNN's check "...got 3D tensor instead", LSTM's and GRU's "...got 3D instead"
                raise ValueError(f"{name}: Expected input to be 2D or 3D, got {input.dim()}D{' tensor' if name == 'RNN' else ''} instead")
            is_batched = input.dim() == 3
            if not is_batched:
                input = input.unsqueeze(batch_dim)
            max_batch_size = input.size(0) if self.batch_first else input.size(1)
            sorted_indices = None
            unsorted_indices = None
        if hx is None:
            h_zeros = torch.zeros(self.num_layers * num_directions, max_batch_size, real_hidden,
                                  dtype=input.dtype, device=input.device)
            if is_lstm:
                c_zeros = torch.zeros(self.num_layers * num_directions, max_batch_size, self.hidden_size,
                                      dtype=input.dtype, device=input.device)
                hx = (h_zeros, c_zeros)
            else:
                hx = h_zeros
        else:
            if is_lstm:
                # PyTorch indexes hx (hx[0], hx[1]) with no check of its own: a list [h_0, c_0] works
                # as well as a tuple, and a lone tensor fails where the indexing does.
                if batch_sizes is None:
                    if is_batched:
                        if hx[0].dim() != 3 or hx[1].dim() != 3:
                            raise RuntimeError(f"For batched 3-D input, hx and cx should also be 3-D but got "
                                               f"({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")
                    else:
                        if hx[0].dim() != 2 or hx[1].dim() != 2:
                            raise RuntimeError(f"For unbatched 2-D input, hx and cx should also be 2-D but got "
                                               f"({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")
                        hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
                hx = (self.permute_hidden(hx[0], sorted_indices), self.permute_hidden(hx[1], sorted_indices))
            else:
                if batch_sizes is None:
                    if is_batched:
                        if hx.dim() != 3:
                            raise RuntimeError(f"For batched 3-D input, hx should also be 3-D but got {hx.dim()}-D tensor")
                    else:
                        if hx.dim() != 2:
                            raise RuntimeError(f"For unbatched 2-D input, hx should also be 2-D but got {hx.dim()}-D tensor")
                        hx = hx.unsqueeze(1)
                hx = self.permute_hidden(hx, sorted_indices)
        self.check_input(input, batch_sizes)
        expected = self.get_expected_hidden_size(input, batch_sizes)
        if is_lstm:
            self.check_hidden_size(hx[0], expected, "Expected hidden[0] size {}, got {}")
            expected_c = (expected[0], expected[1], self.hidden_size)
            self.check_hidden_size(hx[1], expected_c, "Expected hidden[1] size {}, got {}")
        else:
            self.check_hidden_size(hx, expected)
        if batch_sizes is None and self.batch_first:
            input = input.transpose(0, 1)
        output, hidden = self._forward_impl(input, hx, batch_sizes)
        if batch_sizes is None and self.batch_first:
            output = output.transpose(0, 1)
        if isinstance(orig_input, PackedSequence):
            packed = PackedSequence(output, orig_input.batch_sizes, sorted_indices, unsorted_indices)
            if is_lstm:
                return packed, (self.permute_hidden(hidden[0], unsorted_indices),
                                self.permute_hidden(hidden[1], unsorted_indices))
            return packed, self.permute_hidden(hidden, unsorted_indices)
        if not is_batched:
            output = output.squeeze(batch_dim)
            if is_lstm:
                hidden = (hidden[0].squeeze(1), hidden[1].squeeze(1))
            else:
                hidden = hidden.squeeze(1)
        return output, hidden


class RNN(RNNBase):
    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if self.nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif self.nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' or 'relu'.")
        super().__init__(mode, *args, **kwargs)


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)


class RNNCellBase(nn.Module):
    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size), dtype=dtype))
        self.weight_hh = Parameter(torch.empty((num_chunks * hidden_size, hidden_size), dtype=dtype))
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, dtype=dtype))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self):
        s = "{}, {}".format(self.input_size, self.hidden_size)
        if self.bias is not True:
            s += ", bias={}".format(self.bias)
        if hasattr(self, "nonlinearity") and self.nonlinearity != "tanh":
            s += ", nonlinearity={}".format(self.nonlinearity)
        return s

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _prepare(self, input, hx, name):
        if input.dim() not in (1, 2):
            raise ValueError(f"{name}: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f"{name}: Expected hidden to be 1D or 2D, got {hx.dim()}D instead")
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
        elif not is_batched:
            hx = hx.unsqueeze(0)
        self._check_cell_input(input)
        self._check_cell_hidden(input, hx, 0)
        return input, hx, is_batched

    # ATen's check_rnn_cell_forward_input / _hidden (RNN.cpp), run by rnn_tanh_cell, gru_cell and
    # lstm_cell before any matmul: their messages, not a matmul's shape error.
    def _check_cell_input(self, input):
        if input.size(1) != self.weight_ih.size(1):
            raise RuntimeError(f"input has inconsistent input_size: got {input.size(1)} expected {self.weight_ih.size(1)}")

    def _check_cell_hidden(self, input, hx, label):
        if input.size(0) != hx.size(0):
            raise RuntimeError(f"Input batch size {input.size(0)} doesn't match hidden{label} batch size {hx.size(0)}")
        if hx.size(1) != self.weight_hh.size(1):
            raise RuntimeError(f"hidden{label} has inconsistent hidden_size: got {hx.size(1)}, expected {self.weight_hh.size(1)}")


class RNNCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        input, hx, is_batched = self._prepare(input, hx, "RNNCell")
        pre = F.linear(input, self.weight_ih, self.bias_ih) + F.linear(hx, self.weight_hh, self.bias_hh)
        if self.nonlinearity == "tanh":
            ret = torch.tanh(pre)
        elif self.nonlinearity == "relu":
            ret = torch.relu(pre)
        else:
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        if not is_batched:
            ret = ret.squeeze(0)
        return ret


class LSTMCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f"LSTMCell: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None:
            for idx, value in enumerate(hx):
                if value.dim() not in (1, 2):
                    raise ValueError(f"LSTMCell: Expected hx[{idx}] to be 1D or 2D, got {value.dim()}D instead")
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
            hx = (zeros, zeros)
        elif not is_batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
        h, c = hx
        self._check_cell_input(input)
        self._check_cell_hidden(input, h, 0)
        self._check_cell_hidden(input, c, 1)
        gates = F.linear(input, self.weight_ih, self.bias_ih) + F.linear(h, self.weight_hh, self.bias_hh)
        i, f, g, o = gates.chunk(4, 1)
        c2 = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
        h2 = torch.sigmoid(o) * torch.tanh(c2)
        if not is_batched:
            return (h2.squeeze(0), c2.squeeze(0))
        return (h2, c2)


class GRUCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        input, hx, is_batched = self._prepare(input, hx, "GRUCell")
        gi = F.linear(input, self.weight_ih, self.bias_ih)
        gh = F.linear(hx, self.weight_hh, self.bias_hh)
        i_r, i_z, i_n = gi.chunk(3, 1)
        h_r, h_z, h_n = gh.chunk(3, 1)
        r = torch.sigmoid(i_r + h_r)
        z = torch.sigmoid(i_z + h_z)
        n = torch.tanh(i_n + r * h_n)
        ret = n + z * (hx - n)
        if not is_batched:
            ret = ret.squeeze(0)
        return ret
