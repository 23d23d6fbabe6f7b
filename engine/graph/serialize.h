// Saving and loading captured programs (torch.jit.save / torch.jit.load): a versioned archive
// holding graphs, the constants and tensors they use, and a module's attribute tree.
//
// Layout (all integers little-endian):
//   header   "KILNJIT\x1a" (8 bytes), u32 format version, u32 section count
//   section  u32 tag, u64 payload length, payload, u32 CRC-32 of the payload    (repeated)
//   trailer  u32 CRC-32 of every byte before it
// Sections: 'META' (key=value lines: kind, name, producer), 'GRPH' (one graph), 'SELF' (the module
// object the graph's first input stands for; absent for functions), 'CLSS' (a scripted module's
// classes: each class's attribute slots, constants and compiled methods; only in archives of kind
// "script_module", whose GRPH is the root class's forward).
//
// Loading trusts nothing: every length is checked against the bytes that remain, counts and
// nesting depth have limits, tensor byte sizes must equal numel * element size without overflow,
// checksums must match, and the loaded graph must pass verify(). Any failure is a kiln::Error
// (RuntimeError) that names what is wrong ("checksum mismatch in section GRPH"), never a crash —
// tests/fuzz/fuzz_jit_load.cpp feeds the loader arbitrary bytes.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "graph/ir.h"

namespace kiln::graph {

constexpr uint32_t kArchiveVersion = 1;

// A compiled method of a scripted class: its calling convention (parameters after self, with their
// declared defaults) and graph. An @torch.jit.unused method has no graph: calling it raises.
struct ArchiveParam {
    std::string name;
    TypePtr type;
    bool inferred = false;
    std::optional<IValue> default_value;
};
struct ArchiveMethod {
    std::string name;
    std::vector<ArchiveParam> params;
    TypePtr return_type;
    std::shared_ptr<Graph> graph;  // null for an unused method
};
// A scripted module class (TorchScript's ClassType): the qualified name its objects carry, the
// attribute slots in order, the constants (__constants__ / Final) and the methods compiled for it.
struct ArchiveClass {
    std::string name;
    std::vector<std::pair<std::string, TypePtr>> attributes;
    std::vector<std::pair<std::string, IValue>> constants;
    std::string container;  // "Sequential", "ModuleList", "ModuleDict" or empty
    std::vector<ArchiveMethod> methods;
    std::vector<std::string> parameters, buffers;  // the tensor slots that are parameters / buffers
};

struct Archive {
    std::string kind;  // "function", "module" (traced) or "script_module"
    std::string name;  // the function's name or the module's class name
    std::shared_ptr<Graph> graph;
    std::shared_ptr<Object> self;  // modules only
    std::vector<ArchiveClass> classes;  // script_module only
};

std::vector<uint8_t> save_archive(const Archive& a);
Archive load_archive(const uint8_t* data, size_t size);

// Recomputes every section checksum and the trailer of an edited archive: a forger's tool, for the
// tests and the fuzzer that must reach the checks behind the checksums. Stops at the first section
// whose length runs past the end.
void reseal_archive(std::vector<uint8_t>& bytes);

// CRC-32 (IEEE 802.3, the zlib polynomial), exposed for tests.
uint32_t crc32(const uint8_t* data, size_t size, uint32_t seed = 0);

}  // namespace kiln::graph
