// shared/anchors.md's pointwise chain, per element, as codegen/cpp's loop fission splits it: `first`
// is the loop before the cut (up to the sigmoid), `second` the loop after it (the tanh). Written on
// the engine's own pw::exp and pw::tanh, so the hand-run probes next to this file (fission_probe.cpp,
// anchor_variants_probe.cpp) measure today's math.
#pragma once
#include "ops/pointwise_math.h"

namespace anchor_chain {

// y = x * 1.5 + 0.5; y = relu(y) * sigmoid(x); y = tanh(y - 0.25); return y * x + 1
inline float first(float x) {
    const float a = x * 1.5f + 0.5f;
    return (!(a <= 0.0f) ? a : 0.0f) * (1.0f / (1.0f + kiln::pw::exp(-x))) - 0.25f;
}
inline float second(float t, float x) { return kiln::pw::tanh(t) * x + 1.0f; }

}  // namespace anchor_chain
