// torch.autograd's anomaly mode (torch.autograd.set_detect_anomaly / detect_anomaly): while it is on
// with check_nan, the backward engine checks every gradient a node returns and raises PyTorch's
// "Function 'SqrtBackward0' returned nan values in its 0th output." (engine.cpp, as PyTorch's
// evaluate_function does). Process-wide, as PyTorch's AnomalyMode is.
#pragma once

namespace kiln::autograd {

struct AnomalyMode {
    bool enabled = false;
    bool check_nan = true;
};
AnomalyMode& anomaly_mode();

}  // namespace kiln::autograd
