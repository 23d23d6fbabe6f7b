// The playground's text colours, declared once for every panel: errors and failed checks (red),
// passes (green), warnings and recompiles (orange), secondary text (dim), and the lesson view's
// markdown styles (code spans, links, bold, headings). Colours as ImGui's RGBA floats.
#pragma once

#include "imgui.h"

namespace kiln::playground::palette {

inline const ImVec4 kRed(1.0f, 0.42f, 0.40f, 1), kGreen(0.45f, 0.85f, 0.5f, 1), kOrange(1.0f, 0.65f, 0.25f, 1),
    kDim(0.6f, 0.62f, 0.68f, 1);
inline const ImVec4 kCode(1.0f, 0.72f, 0.42f, 1), kLink(0.45f, 0.7f, 1.0f, 1), kBold(1.0f, 1.0f, 0.85f, 1),
    kHeading(0.85f, 0.85f, 1.0f, 1);

}  // namespace kiln::playground::palette
