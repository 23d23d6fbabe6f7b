// The archive format of serialize.h: a bounds-checked byte writer/reader pair, then encoders for
// types, IValues (tensors included) and graphs (blocks recursively, values by definition index).
#include "graph/serialize.h"

#include <array>
#include <cstring>
#include <limits>
#include <unordered_map>

#include "graph/op_registry.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::graph {

namespace {

constexpr char kMagic[8] = {'K', 'I', 'L', 'N', 'J', 'I', 'T', '\x1a'};
constexpr uint32_t tag(const char (&s)[5]) {
    return uint32_t(uint8_t(s[0])) | uint32_t(uint8_t(s[1])) << 8 | uint32_t(uint8_t(s[2])) << 16 |
           uint32_t(uint8_t(s[3])) << 24;
}
constexpr uint32_t kMeta = tag("META"), kGraph = tag("GRPH"), kSelf = tag("SELF"), kClasses = tag("CLSS");

// Limits a hostile file cannot exceed (generous for real programs).
constexpr int kMaxDepth = 64;
constexpr uint64_t kMaxCount = 1u << 20;              // elements of any one list, nodes of a block, ...
constexpr uint64_t kMaxTensorBytes = uint64_t(1) << 32;  // 4 GiB

[[noreturn]] void corrupt(const std::string& what) { KILN_FAIL(RuntimeError, "torch.jit.load: corrupt archive: ", what); }

// ---- bytes --------------------------------------------------------------------------------------

struct Writer {
    std::vector<uint8_t> out;
    void bytes(const void* p, size_t n) {
        const auto* b = static_cast<const uint8_t*>(p);
        out.insert(out.end(), b, b + n);
    }
    template <typename T>
    void num(T v) {  // little-endian on the hosts Kiln targets (x86-64, wasm32)
        bytes(&v, sizeof v);
    }
    void u8(uint8_t v) { num(v); }
    void u32(uint32_t v) { num(v); }
    void u64(uint64_t v) { num(v); }
    void i64(int64_t v) { num(v); }
    void f64(double v) { num(v); }
    void str(const std::string& s) {
        u32(uint32_t(s.size()));
        bytes(s.data(), s.size());
    }
};

struct Reader {
    const uint8_t* p;
    size_t n;
    size_t pos = 0;
    const char* where = "archive";

    void need(uint64_t k) {
        if (k > n - pos) corrupt(std::string("truncated ") + where + " (needs " + std::to_string(k) + " more bytes, " +
                                 std::to_string(n - pos) + " left)");
    }
    template <typename T>
    T num() {
        need(sizeof(T));
        T v;
        std::memcpy(&v, p + pos, sizeof v);
        pos += sizeof v;
        return v;
    }
    uint8_t u8() { return num<uint8_t>(); }
    uint32_t u32() { return num<uint32_t>(); }
    uint64_t u64() { return num<uint64_t>(); }
    int64_t i64() { return num<int64_t>(); }
    double f64() { return num<double>(); }
    uint64_t count(const char* what) {
        uint32_t c = u32();
        if (c > kMaxCount) corrupt(std::string("too many ") + what + " (" + std::to_string(c) + ")");
        return c;
    }
    std::string str() {
        uint32_t len = u32();
        need(len);
        std::string s(reinterpret_cast<const char*>(p + pos), len);
        pos += len;
        return s;
    }
    bool done() const { return pos == n; }
};

// ---- types --------------------------------------------------------------------------------------

void write_type(Writer& w, const TypePtr& t) {
    w.u8(uint8_t(t->kind));
    if (t->kind == TypeKind::Tensor) {
        w.u8(t->sizes ? 1 : 0);
        if (t->sizes) {
            w.u8(uint8_t(*t->dtype));
            w.u32(uint32_t(t->sizes->size()));
            for (int64_t s : *t->sizes) w.i64(s);
            for (int64_t s : *t->strides) w.i64(s);
            w.u8(t->requires_grad ? (*t->requires_grad ? 1 : 0) : 2);
            w.u8(uint8_t(*t->device));
        }
    }
    w.str(t->name);
    w.u32(uint32_t(t->contained.size()));
    for (const auto& c : t->contained) write_type(w, c);
}

TypePtr read_type(Reader& r, int depth) {
    if (depth > kMaxDepth) corrupt("types nested too deeply");
    uint8_t k = r.u8();
    if (k > uint8_t(TypeKind::Any)) corrupt("unknown type kind " + std::to_string(k));
    auto t = std::make_shared<Type>();
    t->kind = TypeKind(k);
    if (t->kind == TypeKind::Tensor && r.u8()) {
        uint8_t dt = r.u8();
        if (dt >= kNumDTypes) corrupt("unknown dtype " + std::to_string(dt));
        t->dtype = DType(dt);
        uint32_t nd = r.u32();
        if (nd > 64) corrupt("tensor type with " + std::to_string(nd) + " dimensions");
        Shape sizes(nd), strides(nd);
        for (auto& s : sizes) s = r.i64();
        for (auto& s : strides) s = r.i64();
        t->sizes = sizes;
        t->strides = strides;
        uint8_t rg = r.u8();
        if (rg > 2) corrupt("bad requires_grad flag");
        if (rg < 2) t->requires_grad = rg == 1;
        uint8_t dev = r.u8();
        if (dev > uint8_t(Device::CUDA)) corrupt("unknown device");
        t->device = Device(dev);
    }
    t->name = r.str();
    uint64_t nc = r.count("contained types");
    for (uint64_t i = 0; i < nc; ++i) t->contained.push_back(read_type(r, depth + 1));
    size_t want = t->kind == TypeKind::List || t->kind == TypeKind::Optional || t->kind == TypeKind::Future ? 1
                  : t->kind == TypeKind::Dict                                                              ? 2
                                                                                                           : 0;
    if ((want && t->contained.size() != want) || (!want && t->kind != TypeKind::Tuple && !t->contained.empty()))
        corrupt("malformed " + std::to_string(k) + " type");
    return t;
}

// ---- values -------------------------------------------------------------------------------------

void write_ivalue(Writer& w, const IValue& v) {
    w.u8(uint8_t(v.tag));
    switch (v.tag) {
        case IValue::Tag::None: break;
        case IValue::Tag::Bool: w.u8(v.u.b ? 1 : 0); break;
        case IValue::Tag::Int: w.i64(v.u.i); break;
        case IValue::Tag::Double: w.f64(v.u.d); break;
        case IValue::Tag::String: w.str(*v.str); break;
        case IValue::Tag::Device: w.u8(uint8_t(v.u.dev)); break;
        case IValue::Tag::Tensor: {
            // Contiguous bytes: views and strides are a property of the saving program, not of the value.
            Tensor c = contiguous(v.tensor.detach());
            w.u8(uint8_t(c.dtype()));
            w.u32(uint32_t(c.dim()));
            for (int64_t s : c.sizes()) w.i64(s);
            w.u8(v.tensor.requires_grad() ? 1 : 0);
            uint64_t nbytes = uint64_t(c.numel()) * c.element_size();
            w.u64(nbytes);
            w.bytes(c.data(), nbytes);
            break;
        }
        case IValue::Tag::List:
        case IValue::Tag::Tuple:
        case IValue::Tag::Dict:  // flattened key, value pairs
            w.u32(uint32_t(v.seq->size()));
            for (const IValue& x : *v.seq) write_ivalue(w, x);
            break;
        case IValue::Tag::Object:
            w.str(v.obj->class_name);
            w.u32(uint32_t(v.obj->names.size()));
            for (size_t i = 0; i < v.obj->names.size(); ++i) {
                w.str(v.obj->names[i]);
                write_ivalue(w, v.obj->values[i]);
            }
            break;
        case IValue::Tag::Future:
            // A task's result exists only while a graph runs; no constant or attribute holds one.
            KILN_FAIL(RuntimeError, "torch.jit.save: a Future cannot be saved");
    }
}

IValue read_ivalue(Reader& r, int depth) {
    if (depth > kMaxDepth) corrupt("values nested too deeply");
    uint8_t tg = r.u8();
    switch (IValue::Tag(tg)) {
        case IValue::Tag::None: return IValue();
        case IValue::Tag::Bool: {
            uint8_t b = r.u8();
            if (b > 1) corrupt("bad bool");
            return IValue(b == 1);
        }
        case IValue::Tag::Int: return IValue(r.i64());
        case IValue::Tag::Double: return IValue(r.f64());
        case IValue::Tag::String: return IValue(r.str());
        case IValue::Tag::Device: {
            uint8_t d = r.u8();
            if (d > uint8_t(Device::CUDA)) corrupt("unknown device");
            return IValue(Device(d));
        }
        case IValue::Tag::Tensor: {
            uint8_t dt = r.u8();
            if (dt >= kNumDTypes) corrupt("unknown dtype " + std::to_string(dt));
            uint32_t nd = r.u32();
            if (nd > 64) corrupt("tensor with " + std::to_string(nd) + " dimensions");
            Shape sizes(nd);
            uint64_t numel = 1, extent = 1;  // extent: the product of the non-zero sizes (strides grow with it)
            for (auto& s : sizes) {
                s = r.i64();
                if (s < 0) corrupt("negative tensor size");
                if (s > 0 && extent > kMaxTensorBytes / uint64_t(s)) corrupt("tensor too large");
                if (s > 0) extent *= uint64_t(s);
                numel *= uint64_t(s);
            }
            uint8_t rg = r.u8();
            if (rg > 1) corrupt("bad requires_grad flag");
            uint64_t nbytes = r.u64();
            uint64_t want = numel * dtype_size(DType(dt));
            if (want > kMaxTensorBytes || nbytes != want)
                corrupt("tensor data holds " + std::to_string(nbytes) + " bytes for " + std::to_string(numel) +
                        " elements");
            r.need(nbytes);
            Tensor t = Tensor::empty(sizes, DType(dt));
            if (nbytes) std::memcpy(t.data(), r.p + r.pos, nbytes);
            r.pos += nbytes;
            if (rg && dtype_is_floating(DType(dt))) t.requires_grad_(true);
            return IValue(t);
        }
        case IValue::Tag::List:
        case IValue::Tag::Tuple: {
            uint64_t n = r.count("list elements");
            IValueList items;
            for (uint64_t i = 0; i < n; ++i) items.push_back(read_ivalue(r, depth + 1));
            return IValue::Tag(tg) == IValue::Tag::List ? IValue::list(std::move(items)) : IValue::tuple(std::move(items));
        }
        case IValue::Tag::Dict: {
            uint64_t n = r.count("dict entries");
            if (n % 2) corrupt("a dict with an odd number of keys and values");
            IValue d = IValue::dict();
            for (uint64_t i = 0; i < n; i += 2) {
                IValue k = read_ivalue(r, depth + 1);
                d.dict_set(k, read_ivalue(r, depth + 1));
            }
            return d;
        }
        case IValue::Tag::Object: {
            auto o = std::make_shared<Object>();
            o->class_name = r.str();
            uint64_t n = r.count("attributes");
            for (uint64_t i = 0; i < n; ++i) {
                std::string name = r.str();
                o->set(name, read_ivalue(r, depth + 1));
            }
            return IValue::object(o);
        }
        case IValue::Tag::Future: break;  // never written (write_ivalue refuses): a forged tag
    }
    corrupt("unknown value tag " + std::to_string(tg));
}

// ---- graphs -------------------------------------------------------------------------------------

struct GraphWriter {
    Writer& w;
    std::unordered_map<const Value*, uint32_t> index;

    void define(const Value* v) {
        uint32_t i = uint32_t(index.size());
        index[v] = i;
        write_type(w, v->type);
        w.str(v->debug_name);
    }
    void block(const Block* b) {
        w.u32(uint32_t(b->params().size()));
        for (const Value* p : b->params()) define(p);
        w.u32(uint32_t(b->nodes.size()));
        for (const Node* n : b->nodes) node(n);
        w.u32(uint32_t(b->returns().size()));
        for (const Value* r : b->returns()) w.u32(index.at(r));
    }
    void node(const Node* n) {
        w.str(n->kind);
        w.str(n->schema ? n->schema->qualified() : "");
        w.u32(uint32_t(n->inputs.size()));
        for (const Value* v : n->inputs) w.u32(index.at(v));
        w.u32(uint32_t(n->attrs.size()));
        for (const auto& a : n->attrs) {
            w.str(a.name);
            write_ivalue(w, a.value);
        }
        w.str(n->loc.file);
        w.i64(n->loc.line);
        w.i64(n->loc.col);
        w.str(n->scope);
        w.u32(uint32_t(n->outputs.size()));
        for (const Value* o : n->outputs) define(o);
        w.u32(uint32_t(n->blocks.size()));
        for (const Block* b : n->blocks) block(b);
    }
};

struct GraphReader {
    Reader& r;
    Graph& g;
    std::vector<Value*> values;

    void name(Value* v, const std::string& debug) {
        if (!debug.empty()) v->debug_name = debug;  // as saved: names were unique in the saved graph
        if (!debug.empty()) g.names_in_use[debug] = v;
    }
    Value* at(uint32_t i) {
        if (i >= values.size()) corrupt("a node reads value #" + std::to_string(i) + " before it is defined");
        return values[i];
    }
    void block(Block* b, int depth) {
        if (depth > kMaxDepth) corrupt("blocks nested too deeply");
        uint64_t np = r.count("block parameters");
        for (uint64_t i = 0; i < np; ++i) {
            TypePtr t = read_type(r, 0);
            Value* v = b->add_param(t);
            name(v, r.str());
            values.push_back(v);
        }
        uint64_t nn = r.count("nodes");
        for (uint64_t i = 0; i < nn; ++i) node(b, depth);
        uint64_t nr = r.count("block returns");
        for (uint64_t i = 0; i < nr; ++i) b->register_return(at(r.u32()));
    }
    void node(Block* b, int depth) {
        std::string kind = r.str();
        std::string schema = r.str();
        Node* n = g.create(kind, {}, 0);
        b->append(n);
        if (!schema.empty()) {
            n->schema = find_schema(schema);
            if (!n->schema) corrupt("unknown operator " + schema);
        }
        uint64_t ni = r.count("node inputs");
        for (uint64_t i = 0; i < ni; ++i) n->add_input(at(r.u32()));
        uint64_t na = r.count("attributes");
        for (uint64_t i = 0; i < na; ++i) {
            std::string an = r.str();
            n->set_attr(an, read_ivalue(r, 0));
        }
        n->loc.file = r.str();
        int64_t line = r.i64(), col = r.i64();
        if (line < 0 || line > std::numeric_limits<int>::max() || col < 0 || col > std::numeric_limits<int>::max())
            corrupt("bad source location");
        n->loc.line = int(line);
        n->loc.col = int(col);
        n->scope = r.str();
        uint64_t no = r.count("node outputs");
        for (uint64_t i = 0; i < no; ++i) {
            TypePtr t = read_type(r, 0);
            Value* v = n->add_output(t);
            name(v, r.str());
            values.push_back(v);
        }
        uint64_t nb = r.count("blocks");
        for (uint64_t i = 0; i < nb; ++i) block(n->add_block(), depth + 1);
    }
};

// ---- scripted classes (section CLSS) --------------------------------------------------------------

void write_graph(Writer& w, const Graph& g) { GraphWriter{w, {}}.block(g.block()); }

std::shared_ptr<Graph> read_graph(Reader& r) {
    auto g = std::make_shared<Graph>();
    GraphReader{r, *g, {}}.block(g->block(), 0);
    return g;
}

void write_classes(Writer& w, const std::vector<ArchiveClass>& classes) {
    w.u32(uint32_t(classes.size()));
    for (const ArchiveClass& c : classes) {
        w.str(c.name);
        w.str(c.container);
        w.u32(uint32_t(c.attributes.size()));
        for (const auto& [n, t] : c.attributes) {
            w.str(n);
            write_type(w, t);
        }
        w.u32(uint32_t(c.constants.size()));
        for (const auto& [n, v] : c.constants) {
            w.str(n);
            write_ivalue(w, v);
        }
        w.u32(uint32_t(c.methods.size()));
        for (const ArchiveMethod& m : c.methods) {
            w.str(m.name);
            w.u32(uint32_t(m.params.size()));
            for (const ArchiveParam& p : m.params) {
                w.str(p.name);
                write_type(w, p.type);
                w.u8(p.inferred ? 1 : 0);
                w.u8(p.default_value ? 1 : 0);
                if (p.default_value) write_ivalue(w, *p.default_value);
            }
            write_type(w, m.return_type);
            w.u8(m.graph ? 1 : 0);
            if (m.graph) write_graph(w, *m.graph);
        }
        for (const auto* names : {&c.parameters, &c.buffers}) {
            w.u32(uint32_t(names->size()));
            for (const std::string& n : *names) w.str(n);
        }
    }
}

uint8_t flag(Reader& r, const char* what) {
    uint8_t b = r.u8();
    if (b > 1) corrupt(std::string("bad ") + what + " flag");
    return b;
}

std::vector<ArchiveClass> read_classes(Reader& r) {
    std::vector<ArchiveClass> out;
    uint64_t nc = r.count("classes");
    for (uint64_t i = 0; i < nc; ++i) {
        ArchiveClass c;
        c.name = r.str();
        c.container = r.str();
        uint64_t na = r.count("class attributes");
        for (uint64_t k = 0; k < na; ++k) {
            std::string n = r.str();
            c.attributes.emplace_back(n, read_type(r, 0));
        }
        uint64_t nk = r.count("class constants");
        for (uint64_t k = 0; k < nk; ++k) {
            std::string n = r.str();
            c.constants.emplace_back(n, read_ivalue(r, 0));
        }
        uint64_t nm = r.count("methods");
        for (uint64_t k = 0; k < nm; ++k) {
            ArchiveMethod m;
            m.name = r.str();
            uint64_t np = r.count("method parameters");
            for (uint64_t j = 0; j < np; ++j) {
                ArchiveParam p;
                p.name = r.str();
                p.type = read_type(r, 0);
                p.inferred = flag(r, "inferred") == 1;
                if (flag(r, "default")) p.default_value = read_ivalue(r, 0);
                m.params.push_back(std::move(p));
            }
            m.return_type = read_type(r, 0);
            if (flag(r, "graph")) {
                m.graph = read_graph(r);
                // A method's graph takes self and then its parameters.
                if (m.graph->inputs().size() != m.params.size() + 1)
                    corrupt("method " + c.name + "." + m.name + " has " + std::to_string(m.graph->inputs().size()) +
                            " graph inputs for " + std::to_string(m.params.size()) + " parameters");
                try {
                    verify(*m.graph);
                } catch (const Error& e) {
                    corrupt("the graph of " + c.name + "." + m.name + " does not verify: " + e.what());
                }
            }
            c.methods.push_back(std::move(m));
        }
        for (auto* names : {&c.parameters, &c.buffers}) {
            uint64_t n = r.count("parameter names");
            for (uint64_t k = 0; k < n; ++k) names->push_back(r.str());
        }
        out.push_back(std::move(c));
    }
    return out;
}

void section(Writer& w, uint32_t t, const std::vector<uint8_t>& payload) {
    w.u32(t);
    w.u64(payload.size());
    w.bytes(payload.data(), payload.size());
    w.u32(crc32(payload.data(), payload.size()));
}

std::string tag_name(uint32_t t) {
    std::string s;
    for (int i = 0; i < 4; ++i) {
        char c = char((t >> (8 * i)) & 0xff);
        s += c >= 32 && c < 127 ? c : '?';
    }
    return s;
}

}  // namespace

uint32_t crc32(const uint8_t* data, size_t size, uint32_t seed) {
    static const std::array<uint32_t, 256> table = [] {
        std::array<uint32_t, 256> t{};
        for (uint32_t i = 0; i < 256; ++i) {
            uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    uint32_t c = ~seed;
    for (size_t i = 0; i < size; ++i) c = table[(c ^ data[i]) & 0xff] ^ (c >> 8);
    return ~c;
}

void reseal_archive(std::vector<uint8_t>& b) {
    if (b.size() < sizeof kMagic + 12) return;
    size_t pos = sizeof kMagic + 4;
    uint32_t nsections = 0;
    std::memcpy(&nsections, b.data() + pos, 4);
    pos += 4;
    for (uint32_t s = 0; s < nsections && pos + 12 <= b.size(); ++s) {
        uint64_t len = 0;
        std::memcpy(&len, b.data() + pos + 4, 8);
        pos += 12;
        if (len > b.size() || pos + len + 4 > b.size()) break;
        uint32_t c = crc32(b.data() + pos, size_t(len));
        std::memcpy(b.data() + pos + len, &c, 4);
        pos += size_t(len) + 4;
    }
    uint32_t all = crc32(b.data(), b.size() - 4);
    std::memcpy(b.data() + b.size() - 4, &all, 4);
}

std::vector<uint8_t> save_archive(const Archive& a) {
    KILN_CHECK(a.graph, RuntimeError, "torch.jit.save: nothing to save (no graph)");
    Writer w;
    w.bytes(kMagic, sizeof kMagic);
    w.u32(kArchiveVersion);
    w.u32(2 + (a.self ? 1 : 0) + (a.classes.empty() ? 0 : 1));
    Writer meta;
    std::string text = "kind=" + a.kind + "\nname=" + a.name + "\nproducer=kiln\n";
    meta.bytes(text.data(), text.size());
    section(w, kMeta, meta.out);
    Writer gw;
    GraphWriter{gw, {}}.block(a.graph->block());
    section(w, kGraph, gw.out);
    if (a.self) {
        Writer sw;
        write_ivalue(sw, IValue::object(a.self));
        section(w, kSelf, sw.out);
    }
    if (!a.classes.empty()) {
        Writer cw;
        write_classes(cw, a.classes);
        section(w, kClasses, cw.out);
    }
    w.u32(crc32(w.out.data(), w.out.size()));
    return w.out;
}

Archive load_archive(const uint8_t* data, size_t size) {
    if (size < sizeof kMagic || std::memcmp(data, kMagic, sizeof kMagic) != 0)
        KILN_FAIL(RuntimeError, "torch.jit.load: not a Kiln archive (the file does not start with Kiln's magic bytes)");
    if (size < sizeof kMagic + 12) corrupt("truncated header");
    uint32_t stored;
    std::memcpy(&stored, data + size - 4, 4);
    Reader r{data, size - 4};
    r.pos = sizeof kMagic;
    uint32_t version = r.u32();
    if (version != kArchiveVersion)
        KILN_FAIL(RuntimeError, "torch.jit.load: archive format version ", version, " is not supported (this Kiln reads ",
                  kArchiveVersion, ")");
    if (crc32(data, size - 4) != stored) corrupt("checksum mismatch over the whole file");
    uint32_t nsections = r.u32();
    if (nsections > 16) corrupt("too many sections");
    Archive a;
    bool have_meta = false;
    for (uint32_t s = 0; s < nsections; ++s) {
        r.where = "section header";
        uint32_t t = r.u32();
        uint64_t len = r.u64();
        r.need(len);
        r.need(len + 4);
        const uint8_t* payload = r.p + r.pos;
        uint32_t want;
        std::memcpy(&want, payload + len, 4);
        if (crc32(payload, size_t(len)) != want) corrupt("checksum mismatch in section " + tag_name(t));
        Reader sr{payload, size_t(len)};
        sr.where = "section";
        if (t == kMeta) {
            std::string text(reinterpret_cast<const char*>(payload), size_t(len));
            size_t start = 0;
            while (start < text.size()) {
                size_t end = text.find('\n', start);
                if (end == std::string::npos) end = text.size();
                std::string line = text.substr(start, end - start);
                if (line.rfind("kind=", 0) == 0) a.kind = line.substr(5);
                if (line.rfind("name=", 0) == 0) a.name = line.substr(5);
                start = end + 1;
            }
            if (a.kind != "function" && a.kind != "module" && a.kind != "script_module") corrupt("unknown archive kind '" + a.kind + "'");
            have_meta = true;
        } else if (t == kGraph) {
            a.graph = std::make_shared<Graph>();
            GraphReader{sr, *a.graph, {}}.block(a.graph->block(), 0);
            if (!sr.done()) corrupt("trailing bytes in section GRPH");
        } else if (t == kSelf) {
            IValue self = read_ivalue(sr, 0);
            if (!self.is_object()) corrupt("section SELF does not hold a module object");
            a.self = self.to_object();
            if (!sr.done()) corrupt("trailing bytes in section SELF");
        } else if (t == kClasses) {
            a.classes = read_classes(sr);
            if (!sr.done()) corrupt("trailing bytes in section CLSS");
        } else {
            corrupt("unknown section " + tag_name(t));
        }
        r.pos += size_t(len) + 4;
    }
    if (!r.done()) corrupt("trailing bytes after the last section");
    if (!have_meta || !a.graph) corrupt("missing META or GRPH section");
    if (a.kind != "function" && !a.self) corrupt("a module archive without its SELF section");
    if ((a.kind == "script_module") != !a.classes.empty()) corrupt("a CLSS section belongs to script_module archives only");
    try {
        verify(*a.graph);
    } catch (const Error& e) {
        corrupt(std::string("the graph does not verify: ") + e.what());
    }
    return a;
}

}  // namespace kiln::graph
