// PyTorch's checkpoint container, independent of the VM: the zip archive torch.save writes (stored
// records, optionally ZIP64, 64-byte aligned data) and the pickle protocol-2 stream in its data.pkl.
//
//   read_zip(bytes)   -> records (name, data offset, size, CRC), every offset and size checked against
//                        the file, CRC-32 verified when the record is read
//   unpickle(bytes)   -> a PickleTree: nodes for values, GLOBAL references, REDUCE/NEWOBJ calls,
//                        BUILD states and persistent ids, exactly as the stream describes them; nothing
//                        is executed (bindings/serialization.cpp decides what a call means, with
//                        torch.load's weights_only allow-list)
//   ZipWriter, Pickler -> the writing side of torch.save
//
// Hostile input: every length is bounded by the bytes that remain, nodes live in an arena (cycles made
// through the memo and deep nesting cost no recursion when freed), and errors are kiln::Error
// (RuntimeError / UnpicklingError texts), never a crash or an allocation a size field asks for.
// Fuzzed by tests/fuzz/fuzz_torch_load.cpp.
#pragma once
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::serialize {

uint32_t crc32(std::string_view data, uint32_t crc = 0);

struct ZipRecord {
    std::string name;
    uint64_t data_offset = 0;  // where the record's bytes start in the archive
    uint64_t size = 0;
    uint32_t crc = 0;
};

// The records of a zip held in `archive` (stored entries only: torch.save never compresses).
std::vector<ZipRecord> read_zip(std::string_view archive);
// A record's bytes, CRC-checked.
std::string_view record_data(std::string_view archive, const ZipRecord& r);

// Writes records the way PyTorch's PyTorchStreamWriter does: stored, each record's data aligned to 64
// bytes through a padding extra field, then the central directory.
class ZipWriter {
public:
    void add(const std::string& name, std::string_view data);
    std::string finish();

private:
    struct Entry {
        std::string name;
        uint64_t header_offset;
        uint64_t size;
        uint32_t crc;
    };
    std::string out_;
    std::vector<Entry> entries_;
};

// ---- pickle ----------------------------------------------------------------------------------------

struct PNode {
    // BigInt: an int past int64 (LONG1/LONG4), its little-endian two's complement bytes in s
    enum class K { None, Bool, Int, Float, Str, Bytes, List, Tuple, Dict, Global, Call, PersId, Mark, BigInt };
    K kind = K::None;
    bool b = false;
    int64_t i = 0;
    double f = 0.0;
    std::string s, s2;           // Str/Bytes text; Global module (s) and name (s2)
    std::vector<PNode*> items;   // List/Tuple items; Dict key, value, key, value...; Call: callable, args
                                 // tuple; PersId: the id
    bool newobj = false;         // Call made by NEWOBJ (cls.__new__(cls, *args)) rather than REDUCE
    std::vector<PNode*> set_items;     // SETITEM(S) applied to a Call's result (OrderedDict)
    std::vector<PNode*> append_items;  // APPEND(S) applied to a Call's result
    std::vector<PNode*> states;        // BUILD states applied to a Call's result
};

struct PickleTree {
    std::vector<std::unique_ptr<PNode>> arena;
    PNode* root = nullptr;
    int protocol = 0;
    size_t end = 0;  // the offset just past STOP: PyTorch's legacy format writes several pickles in a row
};

// A malformed pickle stream: the bindings raise it as pickle's UnpicklingError.
struct UnpicklingError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Parses a pickle stream (protocols 0-5 as far as torch checkpoints use them). Throws UnpicklingError
// with pickle's messages ("invalid load key, 'x'.", "pickle data was truncated").
PickleTree unpickle(std::string_view data);

// Writes protocol 2 as CPython's pickler does for the values torch.save handles.
class Pickler {
public:
    Pickler();
    void none();
    void boolean(bool v);
    void integer(int64_t v);
    // LONG1 (LONG4 past 255 bytes) of an int's shortest little-endian two's complement bytes.
    void long_bytes(std::string_view le);
    void floating(double v);
    void str(std::string_view v);
    void global(std::string_view module, std::string_view name);
    void mark();
    // A tuple of n items: tuple_begin(n), the n items, tuple_end(n) (TUPLE1-3 / EMPTY_TUPLE / MARK..TUPLE).
    void tuple_begin(size_t n);
    void tuple_end(size_t n);
    void empty_list();
    void empty_dict();
    void append();    // APPEND (one item)
    void appends();   // MARK ... APPENDS (the MARK was written with mark())
    void setitems();  // MARK ... SETITEMS
    void reduce();
    void newobj();
    void build();
    void persid();    // BINPERSID
    void memo_put(uint32_t index);
    void memo_get(uint32_t index);
    std::string finish();  // STOP

private:
    std::string out_;
};

}  // namespace kiln::serialize
