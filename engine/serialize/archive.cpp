// The zip container and the pickle stream of PyTorch checkpoints (see archive.h).
#include "serialize/archive.h"

#include <cstdio>
#include <cstring>
#include <unordered_map>

#include "support/error.h"
#include "support/inflate.h"

namespace kiln::serialize {

namespace {

[[noreturn]] void zip_fail(const std::string& what) {
    KILN_FAIL(RuntimeError, "PytorchStreamReader failed reading zip archive: ", what);
}

uint64_t le(std::string_view d, uint64_t at, int n) {
    uint64_t v = 0;
    for (int k = n - 1; k >= 0; --k) v = (v << 8) | uint8_t(d[size_t(at) + size_t(k)]);
    return v;
}

void put_le(std::string& out, uint64_t v, int n) {
    for (int k = 0; k < n; ++k) out.push_back(char((v >> (8 * k)) & 0xff));
}

}  // namespace

uint32_t crc32(std::string_view data, uint32_t crc) { return support::crc32_update(crc, data); }

// ---- reading ----------------------------------------------------------------------------------------

std::vector<ZipRecord> read_zip(std::string_view d) {
    const uint64_t n = d.size();
    if (n < 22) zip_fail("failed finding central directory");
    // End of central directory: the last "PK\5\6" whose comment reaches the end of the file.
    int64_t eocd = -1;
    uint64_t lowest = n > 22 + 65535 ? n - 22 - 65535 : 0;
    for (uint64_t at = n - 22 + 1; at-- > lowest;) {
        if (le(d, at, 4) == 0x06054b50 && at + 22 + le(d, at + 20, 2) == n) {
            eocd = int64_t(at);
            break;
        }
    }
    if (eocd < 0) zip_fail("failed finding central directory");
    uint64_t count = le(d, uint64_t(eocd) + 10, 2);
    uint64_t cd_size = le(d, uint64_t(eocd) + 12, 4);
    uint64_t cd_offset = le(d, uint64_t(eocd) + 16, 4);
    // ZIP64: the locator just before the end record points at the 64-bit end record.
    if (uint64_t(eocd) >= 20 && le(d, uint64_t(eocd) - 20, 4) == 0x07064b50) {
        uint64_t z = le(d, uint64_t(eocd) - 20 + 8, 8);
        if (z > n || n - z < 56 || le(d, z, 4) != 0x06064b50) zip_fail("invalid zip64 end of central directory");
        count = le(d, z + 32, 8);
        cd_size = le(d, z + 40, 8);
        cd_offset = le(d, z + 48, 8);
    }
    if (cd_offset > n || cd_size > n - cd_offset) zip_fail("central directory out of bounds");
    // Each central entry takes at least 46 bytes, which bounds the count by the file size.
    if (count > cd_size / 46) zip_fail("invalid number of entries");
    std::vector<ZipRecord> out;
    uint64_t at = cd_offset;
    const uint64_t end = cd_offset + cd_size;
    for (uint64_t e = 0; e < count; ++e) {
        if (end - at < 46 || le(d, at, 4) != 0x02014b50) zip_fail("invalid central directory header");
        uint64_t method = le(d, at + 10, 2);
        uint32_t crc = uint32_t(le(d, at + 16, 4));
        uint64_t csize = le(d, at + 20, 4), usize = le(d, at + 24, 4);
        uint64_t name_len = le(d, at + 28, 2), extra_len = le(d, at + 30, 2), comment_len = le(d, at + 32, 2);
        uint64_t local = le(d, at + 42, 4);
        if (end - at - 46 < name_len + extra_len + comment_len) zip_fail("invalid central directory header");
        std::string name(d.substr(size_t(at + 46), size_t(name_len)));
        // ZIP64 extra field: the 64-bit values of the fields that read 0xFFFFFFFF, in order.
        uint64_t x = at + 46 + name_len, xend = x + extra_len;
        while (xend - x >= 4) {
            uint64_t id = le(d, x, 2), len = le(d, x + 2, 2);
            if (xend - x - 4 < len) zip_fail("invalid extra field");
            if (id == 0x0001) {
                uint64_t p = x + 4, pend = p + len;
                auto take = [&](uint64_t& field) {
                    if (field != 0xffffffffu) return;
                    if (pend - p < 8) zip_fail("invalid zip64 extra field");
                    field = le(d, p, 8);
                    p += 8;
                };
                take(usize);
                take(csize);
                take(local);
            }
            x += 4 + len;
        }
        if (method != 0) zip_fail(str("record ", name, " is compressed (method ", method, "); torch.save stores records uncompressed"));
        if (csize != usize) zip_fail(str("record ", name, " has inconsistent sizes"));
        if (local > n || n - local < 30 || le(d, local, 4) != 0x04034b50) zip_fail(str("invalid local header for ", name));
        uint64_t data = local + 30 + le(d, local + 26, 2) + le(d, local + 28, 2);
        if (data > n || usize > n - data) zip_fail(str("record ", name, " is out of bounds"));
        out.push_back({std::move(name), data, usize, crc});
        at += 46 + name_len + extra_len + comment_len;
    }
    return out;
}

std::string_view record_data(std::string_view archive, const ZipRecord& r) {
    std::string_view v = archive.substr(size_t(r.data_offset), size_t(r.size));
    if (crc32(v) != r.crc) zip_fail(str("CRC-32 check failed for record ", r.name));
    return v;
}

// ---- writing ----------------------------------------------------------------------------------------

void ZipWriter::add(const std::string& name, std::string_view data) {
    const uint64_t header = out_.size();
    const uint32_t crc = crc32(data);
    // Local header, then a padding extra field ("FB") so the data starts at a multiple of 64.
    uint64_t base = header + 30 + name.size() + 4;
    uint64_t pad = (64 - base % 64) % 64;
    put_le(out_, 0x04034b50, 4);
    put_le(out_, 20, 2);  // version needed
    put_le(out_, 0, 2);   // flags
    put_le(out_, 0, 2);   // stored
    put_le(out_, 0, 2);   // time
    put_le(out_, 0x21, 2);  // date (1980-01-01)
    put_le(out_, crc, 4);
    put_le(out_, data.size(), 4);
    put_le(out_, data.size(), 4);
    put_le(out_, name.size(), 2);
    put_le(out_, 4 + pad, 2);
    out_ += name;
    put_le(out_, 0x4246, 2);
    put_le(out_, pad, 2);
    out_.append(size_t(pad), 'Z');
    out_.append(data.data(), data.size());
    entries_.push_back({name, header, data.size(), crc});
}

std::string ZipWriter::finish() {
    const uint64_t cd_offset = out_.size();
    for (const Entry& e : entries_) {
        put_le(out_, 0x02014b50, 4);
        put_le(out_, 20, 2);  // version made by
        put_le(out_, 20, 2);  // version needed
        put_le(out_, 0, 2);
        put_le(out_, 0, 2);
        put_le(out_, 0, 2);
        put_le(out_, 0x21, 2);
        put_le(out_, e.crc, 4);
        put_le(out_, e.size, 4);
        put_le(out_, e.size, 4);
        put_le(out_, e.name.size(), 2);
        put_le(out_, 0, 2);  // extra
        put_le(out_, 0, 2);  // comment
        put_le(out_, 0, 2);  // disk
        put_le(out_, 0, 2);  // internal attributes
        put_le(out_, 0, 4);  // external attributes
        put_le(out_, e.header_offset, 4);
        out_ += e.name;
    }
    const uint64_t cd_size = out_.size() - cd_offset;
    put_le(out_, 0x06054b50, 4);
    put_le(out_, 0, 2);
    put_le(out_, 0, 2);
    put_le(out_, entries_.size(), 2);
    put_le(out_, entries_.size(), 2);
    put_le(out_, cd_size, 4);
    put_le(out_, cd_offset, 4);
    put_le(out_, 0, 2);
    return std::move(out_);
}

// ---- unpickling ---------------------------------------------------------------------------------------

namespace {

[[noreturn]] void bad(const std::string& msg) { throw UnpicklingError(msg); }

struct Unpickler {
    std::string_view d;
    size_t pos = 0;
    PickleTree tree;
    std::vector<PNode*> stack;
    std::vector<size_t> marks;
    std::unordered_map<uint64_t, PNode*> memo;

    PNode* node(PNode::K k) {
        tree.arena.push_back(std::make_unique<PNode>());
        tree.arena.back()->kind = k;
        return tree.arena.back().get();
    }
    void need(size_t n) {
        if (d.size() - pos < n) bad("pickle data was truncated");
    }
    uint64_t u(int n) {
        need(size_t(n));
        uint64_t v = le(d, pos, n);
        pos += size_t(n);
        return v;
    }
    std::string_view bytes(uint64_t n) {
        if (n > d.size() - pos) bad("pickle data was truncated");
        std::string_view v = d.substr(pos, size_t(n));
        pos += size_t(n);
        return v;
    }
    std::string line() {
        size_t nl = d.find('\n', pos);
        if (nl == std::string_view::npos) bad("pickle data was truncated");
        std::string v(d.substr(pos, nl - pos));
        pos = nl + 1;
        return v;
    }
    PNode* pop() {
        if (stack.empty() || (!marks.empty() && stack.size() <= marks.back())) bad("unpickling stack underflow");
        PNode* v = stack.back();
        stack.pop_back();
        return v;
    }
    PNode*& top() {
        if (stack.empty() || (!marks.empty() && stack.size() <= marks.back())) bad("unpickling stack underflow");
        return stack.back();
    }
    std::vector<PNode*> pop_mark() {
        if (marks.empty()) bad("could not find MARK");
        size_t m = marks.back();
        marks.pop_back();
        std::vector<PNode*> items(stack.begin() + long(m), stack.end());
        stack.resize(m);
        return items;
    }
    PNode* tuple(std::vector<PNode*> items) {
        PNode* t = node(PNode::K::Tuple);
        t->items = std::move(items);
        return t;
    }
    void setitems(PNode* target, const std::vector<PNode*>& kv) {
        if (kv.size() % 2) bad("odd number of items for SETITEMS");
        if (target->kind == PNode::K::Dict)
            target->items.insert(target->items.end(), kv.begin(), kv.end());
        else if (target->kind == PNode::K::Call)
            target->set_items.insert(target->set_items.end(), kv.begin(), kv.end());
        else
            bad("SETITEMS on an object that is not a dict");
    }
    void appends(PNode* target, const std::vector<PNode*>& xs) {
        if (target->kind == PNode::K::List)
            target->items.insert(target->items.end(), xs.begin(), xs.end());
        else if (target->kind == PNode::K::Call)
            target->append_items.insert(target->append_items.end(), xs.begin(), xs.end());
        else
            bad("APPENDS on an object that is not a list");
    }
    PNode* integer(int64_t v) {
        PNode* n = node(PNode::K::Int);
        n->i = v;
        return n;
    }
    PNode* text(PNode::K k, std::string_view v) {
        PNode* n = node(k);
        n->s = std::string(v);
        return n;
    }
    PNode* long_bytes(std::string_view b) {
        // past 8 bytes: kept as bytes for the binding to make a Python int (under Kiln's int-size limit)
        if (b.size() > 8) return text(PNode::K::BigInt, b);
        uint64_t v = 0;
        for (size_t k = b.size(); k-- > 0;) v = (v << 8) | uint8_t(b[k]);
        if (!b.empty() && b.size() < 8 && (uint8_t(b.back()) & 0x80)) v |= ~uint64_t(0) << (8 * b.size());
        return integer(int64_t(v));
    }

    void run() {
        for (;;) {
            need(1);
            const uint8_t op = uint8_t(d[pos++]);
            switch (op) {
                case 0x80: tree.protocol = int(u(1)); break;                       // PROTO
                case 0x95: u(8); break;                                            // FRAME
                case '.':                                                          // STOP
                    if (stack.size() != 1 || !marks.empty()) bad("unpickling stack underflow");
                    tree.root = stack.back();
                    tree.end = pos;
                    return;
                case 'N': stack.push_back(node(PNode::K::None)); break;
                case 0x88: case 0x89: {
                    PNode* b = node(PNode::K::Bool);
                    b->b = op == 0x88;
                    stack.push_back(b);
                    break;
                }
                case 'J': stack.push_back(integer(int32_t(uint32_t(u(4))))); break;
                case 'K': stack.push_back(integer(int64_t(u(1)))); break;
                case 'M': stack.push_back(integer(int64_t(u(2)))); break;
                case 0x8a: stack.push_back(long_bytes(bytes(u(1)))); break;  // LONG1
                case 0x8b: stack.push_back(long_bytes(bytes(u(4)))); break;  // LONG4
                case 'G': {
                    need(8);
                    uint64_t bits = 0;
                    for (int k = 0; k < 8; ++k) bits = (bits << 8) | uint8_t(d[pos + size_t(k)]);
                    pos += 8;
                    PNode* f = node(PNode::K::Float);
                    std::memcpy(&f->f, &bits, 8);
                    stack.push_back(f);
                    break;
                }
                case 'X': stack.push_back(text(PNode::K::Str, bytes(u(4)))); break;     // BINUNICODE
                case 0x8c: stack.push_back(text(PNode::K::Str, bytes(u(1)))); break;    // SHORT_BINUNICODE
                case 0x8d: stack.push_back(text(PNode::K::Str, bytes(u(8)))); break;    // BINUNICODE8
                case 'T': stack.push_back(text(PNode::K::Bytes, bytes(u(4)))); break;   // BINSTRING
                case 'U': stack.push_back(text(PNode::K::Bytes, bytes(u(1)))); break;   // SHORT_BINSTRING
                case 'B': stack.push_back(text(PNode::K::Bytes, bytes(u(4)))); break;   // BINBYTES
                case 'C': stack.push_back(text(PNode::K::Bytes, bytes(u(1)))); break;   // SHORT_BINBYTES
                case 0x8e: stack.push_back(text(PNode::K::Bytes, bytes(u(8)))); break;  // BINBYTES8
                case ']': stack.push_back(node(PNode::K::List)); break;
                case ')': stack.push_back(node(PNode::K::Tuple)); break;
                case '}': stack.push_back(node(PNode::K::Dict)); break;
                case '(': marks.push_back(stack.size()); break;
                case 'l': {  // LIST
                    PNode* l = node(PNode::K::List);
                    l->items = pop_mark();
                    stack.push_back(l);
                    break;
                }
                case 'd': {  // DICT
                    PNode* dict = node(PNode::K::Dict);
                    std::vector<PNode*> kv = pop_mark();
                    setitems(dict, kv);
                    stack.push_back(dict);
                    break;
                }
                case 't': stack.push_back(tuple(pop_mark())); break;
                case 0x85: { PNode* a = pop(); stack.push_back(tuple({a})); break; }
                case 0x86: { PNode* b = pop(); PNode* a = pop(); stack.push_back(tuple({a, b})); break; }
                case 0x87: { PNode* c = pop(); PNode* b = pop(); PNode* a = pop(); stack.push_back(tuple({a, b, c})); break; }
                case 'a': { PNode* v = pop(); appends(top(), {v}); break; }
                case 'e': { std::vector<PNode*> xs = pop_mark(); appends(top(), xs); break; }
                case 's': { PNode* v = pop(); PNode* k = pop(); setitems(top(), {k, v}); break; }
                case 'u': { std::vector<PNode*> kv = pop_mark(); setitems(top(), kv); break; }
                case 'q': memo[u(1)] = top(); break;   // BINPUT
                case 'r': memo[u(4)] = top(); break;   // LONG_BINPUT
                case 0x94: memo[memo.size()] = top(); break;  // MEMOIZE
                case 'h': case 'j': {                  // BINGET, LONG_BINGET
                    const uint64_t index = u(op == 'h' ? 1 : 4);
                    auto it = memo.find(index);
                    if (it == memo.end()) bad(str("Memo value not found at index ", index));
                    stack.push_back(it->second);
                    break;
                }
                case 'c': {  // GLOBAL module\nname\n
                    PNode* g = node(PNode::K::Global);
                    g->s = line();
                    g->s2 = line();
                    stack.push_back(g);
                    break;
                }
                case 0x93: {  // STACK_GLOBAL
                    PNode* name = pop();
                    PNode* module = pop();
                    if (name->kind != PNode::K::Str || module->kind != PNode::K::Str) bad("STACK_GLOBAL requires str");
                    PNode* g = node(PNode::K::Global);
                    g->s = module->s;
                    g->s2 = name->s;
                    stack.push_back(g);
                    break;
                }
                case 'R': case 0x81: {  // REDUCE, NEWOBJ
                    PNode* args = pop();
                    PNode* fn = pop();
                    if (args->kind != PNode::K::Tuple) bad(op == 'R' ? "REDUCE argument must be a tuple" : "NEWOBJ expected an arg tuple.");
                    PNode* call = node(PNode::K::Call);
                    call->items = {fn, args};
                    call->newobj = op == 0x81;
                    stack.push_back(call);
                    break;
                }
                case 'b': {  // BUILD
                    PNode* state = pop();
                    PNode* target = top();
                    if (target->kind != PNode::K::Call) bad("BUILD on an object that was not constructed by a call");
                    target->states.push_back(state);
                    break;
                }
                case 'Q': {  // BINPERSID
                    PNode* p = node(PNode::K::PersId);
                    p->items = {pop()};
                    stack.push_back(p);
                    break;
                }
                case '0': pop(); break;
                case '2': stack.push_back(top()); break;
                case '1': pop_mark(); break;
                default: {
                    char buf[8];
                    if (op >= 0x20 && op < 0x7f) std::snprintf(buf, sizeof buf, "'%c'", char(op));
                    else std::snprintf(buf, sizeof buf, "'\\x%02x'", unsigned(op));
                    bad(str("invalid load key, ", buf, "."));
                }
            }
        }
    }
};

}  // namespace

PickleTree unpickle(std::string_view data) {
    Unpickler u;
    u.d = data;
    u.run();
    return std::move(u.tree);
}

// ---- pickling -----------------------------------------------------------------------------------------

Pickler::Pickler() {
    out_.push_back(char(0x80));
    out_.push_back(2);
}
void Pickler::none() { out_.push_back('N'); }
void Pickler::boolean(bool v) { out_.push_back(char(v ? 0x88 : 0x89)); }
void Pickler::integer(int64_t v) {
    if (v >= 0 && v < 256) {
        out_.push_back('K');
        put_le(out_, uint64_t(v), 1);
    } else if (v >= 0 && v < 65536) {
        out_.push_back('M');
        put_le(out_, uint64_t(v), 2);
    } else if (v >= INT32_MIN && v <= INT32_MAX) {
        out_.push_back('J');
        put_le(out_, uint64_t(uint32_t(int32_t(v))), 4);
    } else {
        // LONG1: the shortest little-endian two's complement.
        std::string b;
        uint64_t x = uint64_t(v);
        for (int k = 0; k < 8; ++k) b.push_back(char((x >> (8 * k)) & 0xff));
        while (b.size() > 1) {
            uint8_t last = uint8_t(b.back()), prev = uint8_t(b[b.size() - 2]);
            if ((last == 0 && !(prev & 0x80)) || (last == 0xff && (prev & 0x80))) b.pop_back();
            else break;
        }
        out_.push_back(char(0x8a));
        out_.push_back(char(b.size()));
        out_ += b;
    }
}
void Pickler::long_bytes(std::string_view le) {
    if (le.size() < 256) {
        out_.push_back(char(0x8a));
        out_.push_back(char(le.size()));
    } else {
        out_.push_back(char(0x8b));
        put_le(out_, uint64_t(le.size()), 4);
    }
    out_ += le;
}
void Pickler::floating(double v) {
    out_.push_back('G');
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    for (int k = 7; k >= 0; --k) out_.push_back(char((bits >> (8 * k)) & 0xff));
}
void Pickler::str(std::string_view v) {
    out_.push_back('X');
    put_le(out_, v.size(), 4);
    out_.append(v.data(), v.size());
}
void Pickler::global(std::string_view module, std::string_view name) {
    out_.push_back('c');
    out_.append(module.data(), module.size());
    out_.push_back('\n');
    out_.append(name.data(), name.size());
    out_.push_back('\n');
}
void Pickler::mark() { out_.push_back('('); }
void Pickler::tuple_begin(size_t n) {
    if (n > 3) mark();
}
void Pickler::tuple_end(size_t n) {
    static const char ops[] = {')', char(0x85), char(0x86), char(0x87)};
    out_.push_back(n <= 3 ? ops[n] : 't');
}
void Pickler::empty_list() { out_.push_back(']'); }
void Pickler::empty_dict() { out_.push_back('}'); }
void Pickler::append() { out_.push_back('a'); }
void Pickler::appends() { out_.push_back('e'); }
void Pickler::setitems() { out_.push_back('u'); }
void Pickler::reduce() { out_.push_back('R'); }
void Pickler::newobj() { out_.push_back(char(0x81)); }
void Pickler::build() { out_.push_back('b'); }
void Pickler::persid() { out_.push_back('Q'); }
void Pickler::memo_put(uint32_t index) {
    if (index < 256) {
        out_.push_back('q');
        put_le(out_, index, 1);
    } else {
        out_.push_back('r');
        put_le(out_, index, 4);
    }
}
void Pickler::memo_get(uint32_t index) {
    if (index < 256) {
        out_.push_back('h');
        put_le(out_, index, 1);
    } else {
        out_.push_back('j');
        put_le(out_, index, 4);
    }
}
std::string Pickler::finish() {
    out_.push_back('.');
    return std::move(out_);
}

}  // namespace kiln::serialize
