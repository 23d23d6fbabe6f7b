// Presenter mode's state logic (see presenter.h); app.cpp draws the menu and applies it.
#include "presenter.h"

#include <algorithm>

namespace kiln::playground {

const std::vector<PanelId>& presenter_panel_ids() {
    static const std::vector<PanelId> ids = {
        {"editor", "Editor"},   {"console", "Console"}, {"breaks", "Breaks"},     {"guards", "Guards"},
        {"inputs", "Inputs"},   {"graph", "Graph"},     {"fx", "FX code"},        {"output", "Output code"},
        {"bytecode", "Bytecode"}, {"passes", "Passes"}, {"fusion", "Fusion"},     {"perf", "Performance"},
        {"lesson", "Lesson"},
    };
    return ids;
}

std::string presenter_panel_id(const std::string& label) {
    size_t hashes = label.find("###");
    std::string base = label.substr(0, hashes);
    if (hashes != std::string::npos) {
        std::string id = label.substr(hashes + 3);
        for (const auto& p : presenter_panel_ids())
            if (id == p.id) return id;
    }
    for (const auto& p : presenter_panel_ids())
        if (base.rfind(p.label, 0) == 0) return p.id;
    return "";
}

bool presenter_shows(const PresenterState& p, const std::string& id) {
    if (!p.on || p.panels.empty()) return true;
    return std::find(p.panels.begin(), p.panels.end(), id) != p.panels.end();
}

std::string presenter_panels_text(const PresenterState& p) {
    std::string out;
    for (const auto& id : p.panels) out += (out.empty() ? "" : ",") + id;
    return out;
}

void presenter_set_panels(PresenterState& p, const std::string& text) {
    p.panels.clear();
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        if (comma == std::string::npos) comma = text.size();
        std::string id = text.substr(start, comma - start);
        for (const auto& known : presenter_panel_ids())
            if (id == known.id && std::find(p.panels.begin(), p.panels.end(), id) == p.panels.end()) p.panels.push_back(id);
        start = comma + 1;
    }
}

int presenter_step_for_key(const PresenterState& p, PresenterKey key, bool text_input_active, bool repeat) {
    if (!p.on || text_input_active) return 0;  // arrows move the cursor while the editor has the keyboard
    if (repeat) return 0;                      // a held key steps once
    switch (key) {
        case PresenterKey::Right:
        case PresenterKey::PageDown: return 1;
        case PresenterKey::Left:
        case PresenterKey::PageUp: return -1;
        case PresenterKey::Other: return 0;
    }
    return 0;
}

}  // namespace kiln::playground
