// torch.save / torch.load (engine/serialize/archive.h, engine/bindings/serialization.cpp): round trips
// of every Kiln dtype, shared storages, containers and state_dicts; a checkpoint written by CPython's
// pickler into a ZIP64 archive (tests/serialize/cpython_pickled.pt, laid out as torch.save's); the
// weights_only refusal; and corrupt or hostile files, which must end in a Python exception.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

#include "serialize/archive.h"
#include "support/error.h"
#include "vm/interpreter.h"

namespace {

struct Ran {
    std::string out;
    kiln::vm::RunResult result;
};

Ran run(const std::string& src, bool sandbox_tmp = true) {
    Ran r;
    kiln::vm::Options o;
    o.out = [&r](std::string_view s) { r.out += s; };
    o.err = [](std::string_view) {};
    // kPath and the fixture live there; torch.save/load go through the file sandbox
    if (sandbox_tmp) o.allowed_dirs = {"/tmp", std::string(KILN_SOURCE_DIR) + "/tests/serialize"};
    kiln::vm::Interpreter in(o);
    r.result = in.run_source(src, "t.py");
    return r;
}

std::string out_of(const std::string& src) {
    Ran r = run(src);
    INFO(r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    return r.out;
}

// One file per process: ctest runs this binary and its sanitized twin at the same time.
const std::string kPath = "/tmp/kiln_test_serialization_" + std::to_string(::getpid()) + ".pt";

void write_file(const std::string& bytes) {
    std::ofstream f(kPath, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), std::streamsize(bytes.size()));
}

// "Type: message" of torch.load on kPath.
std::string load_error(bool weights_only = true) {
    Ran r = run(std::string("import torch\ntorch.load('") + kPath + "', weights_only=" + (weights_only ? "True" : "False") +
                ")\n");
    REQUIRE_FALSE(r.result.ok);
    return r.result.error_type + ": " + r.result.error_message;
}

// A valid archive whose data.pkl is `pkl`, with one 16-byte storage.
std::string archive_with(const std::string& pkl) {
    kiln::serialize::ZipWriter z;
    z.add("archive/data.pkl", pkl);
    z.add("archive/data/0", std::string(16, '\0'));
    z.add("archive/version", "3\n");  // PyTorchStreamReader refuses an archive without one
    return z.finish();
}

}  // namespace

TEST_CASE("torch.save/load: tensors of every dtype, views and containers round-trip", "[bindings][serialize]") {
    CHECK(out_of("import torch\n"
                 "x = torch.arange(6.0).reshape(2, 3)\n"
                 "obj = {'x': x, 't': x.t(), 'row': x[1], 'i': torch.tensor([1, -2]), 'd': torch.tensor([0.5], dtype=torch.float64),\n"
                 "       'b': torch.tensor([True]), 'h': torch.tensor([2.0], dtype=torch.half), 'bf': torch.tensor([3.0], dtype=torch.bfloat16),\n"
                 "       'l': [1, 2.5, None, 'a', (True, 2 ** 40)], 's': torch.Size([2, 3]), 'dt': torch.int64}\n"
                 "torch.save(obj, '" + kPath + "')\n"
                 "r = torch.load('" + kPath + "')\n"
                 "print(r['t'].stride(), r['row'].storage_offset(), r['i'].dtype, r['d'].dtype, r['b'].dtype, r['h'].dtype, r['bf'].dtype)\n"
                 "r['x'][1, 0] = 9.0\n"
                 "print(r['row'].tolist(), r['t'][0, 1].item(), r['l'], r['s'], r['dt'])\n") ==
          "(1, 3) 3 torch.int64 torch.float64 torch.bool torch.float16 torch.bfloat16\n"
          "[9.0, 4.0, 5.0] 9.0 [1, 2.5, None, 'a', (True, 1099511627776)] torch.Size([2, 3]) torch.int64\n");
}

TEST_CASE("torch.save/load: state_dict into a new model, parameters, shared tensors", "[bindings][serialize]") {
    CHECK(out_of("import torch, torch.nn as nn\n"
                 "m = nn.Linear(3, 2)\n"
                 "torch.save(m.state_dict(), '" + kPath + "')\n"
                 "m2 = nn.Linear(3, 2)\n"
                 "print(m2.load_state_dict(torch.load('" + kPath + "')))\n"
                 "print(torch.equal(m.weight, m2.weight), torch.equal(m.bias, m2.bias))\n"
                 "p = nn.Parameter(torch.ones(2))\n"
                 "torch.save([p, p], '" + kPath + "')\n"
                 "a = torch.load('" + kPath + "')\n"
                 "print(type(a[0]).__name__, a[0] is a[1], a[0].requires_grad)\n") ==
          "<All keys matched successfully>\nTrue True\nParameter True True\n");
}

TEST_CASE("torch.load: a checkpoint pickled by CPython in a ZIP64 archive", "[bindings][serialize]") {
    const std::string fixture = std::string(KILN_SOURCE_DIR) + "/tests/serialize/cpython_pickled.pt";
    CHECK(out_of("import torch\n"
                 "sd = torch.load('" + fixture + "')\n"
                 "print(type(sd).__name__, list(sd.keys()))\n"
                 "print(sd['weight'].tolist(), sd['weight_t'].stride(), sd['row1'].tolist(), sd['idx'].tolist())\n"
                 "print(sd['meta'])\n"
                 "sd['weight'][1, 0] = 40.0\n"
                 "print(sd['row1'][0].item(), sd['weight_t'][0, 1].item())\n") ==
          "OrderedDict ['weight', 'weight_t', 'row1', 'idx', 'meta']\n"
          "[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] (1, 3) [4.0, 5.0, 6.0] [7, -8, 9]\n"
          "{'epoch': 5, 'lr': 0.25, 'name': 'fixture', 'shape': torch.Size([2, 3]), 'flags': [True, None]}\n"
          "40.0 40.0\n");
}

TEST_CASE("torch.load: weights_only refuses other globals with PyTorch's message", "[bindings][serialize]") {
    CHECK(out_of("import torch\n"
                 "class Point:\n"
                 "    def __init__(self):\n"
                 "        self.x = 3\n"
                 "torch.save(Point(), '" + kPath + "')\n"
                 "try:\n"
                 "    torch.load('" + kPath + "')\n"
                 "except Exception as e:\n"
                 "    print(type(e).__name__, str(e).startswith('Weights only load failed.'), 'GLOBAL __main__.Point was not an allowed global' in str(e))\n"
                 "print(torch.load('" + kPath + "', weights_only=False).x)\n") == "UnpicklingError True True\n3\n");
}

TEST_CASE("torch.load: corrupt and hostile files end in a Python exception", "[bindings][serialize]") {
    using kiln::serialize::Pickler;
    SECTION("not a zip") {
        write_file("hello");
        // PyTorch hands non-zip data to its legacy loader, whose unpickler reads a first opcode
        write_file("~hello");
        CHECK(load_error(false) == "UnpicklingError: invalid load key, '~'.");
        CHECK(load_error().find("WeightsUnpickler error: \n\nUnsupported operand 126") != std::string::npos);  // PyTorch 2.11's layout (parity torch/h27_load_garbage)
        write_file("");
        CHECK(load_error(false) == "EOFError: Ran out of input");
        CHECK(load_error() == "EOFError: ");
    }
    SECTION("truncated and corrupted archives") {
        std::string good = archive_with(std::string("\x80\x02K\x05.", 5));
        write_file(good.substr(0, good.size() - 10));
        CHECK(load_error().find("failed finding central directory") != std::string::npos);
        std::string bad_crc = good;
        bad_crc[good.find("\x80\x02K") + 2] = 'J';  // the pickle's bytes change under their CRC
        write_file(bad_crc);
        CHECK(load_error().find("CRC-32 check failed") != std::string::npos);
        std::string bad_offset = good;
        size_t cd = bad_offset.rfind("PK\x01\x02");
        bad_offset[cd + 42] = '\xff';  // local header offset far outside the file
        bad_offset[cd + 45] = '\x7f';
        write_file(bad_offset);
        CHECK(load_error().find("invalid local header") != std::string::npos);
        std::string huge = good;
        size_t eocd = huge.rfind("PK\x05\x06");
        huge[eocd + 10] = '\xff';  // 65535 entries claimed
        huge[eocd + 11] = '\xff';
        write_file(huge);
        CHECK(load_error().find("invalid number of entries") != std::string::npos);
    }
    SECTION("hostile pickles") {
        write_file(archive_with(std::string("\x80\x02X\xff\xff\xff\x7f", 8)));  // a 2 GB string length
        CHECK(load_error(false) == "UnpicklingError: pickle data was truncated");
        write_file(archive_with(std::string("\x80\x02\xfe.", 4)));
        CHECK(load_error(false) == "UnpicklingError: invalid load key, '\\xfe'.");
        write_file(archive_with(std::string("\x80\x02h\x07.", 4)));
        CHECK(load_error(false) == "UnpicklingError: Memo value not found at index 7");
        std::string deep = std::string("\x80\x02", 2) + std::string(5000, ']') + std::string(4999, 'a') + ".";
        write_file(archive_with(deep));
        CHECK(load_error(false).find("nests values more than 1000 deep") != std::string::npos);
        // l = []; l.append(l): a cycle through the memo loads as Python builds it.
        write_file(archive_with(std::string("\x80\x02]q\x00h\x00\x61.", 9)));
        CHECK(out_of("import torch\nl = torch.load('" + kPath + "', weights_only=False)\nprint(l[0] is l, len(l))\n") ==
              "True 1\n");
    }
    SECTION("tensors that do not fit their storage") {
        Pickler p;
        p.global("torch._utils", "_rebuild_tensor_v2");
        p.tuple_begin(6);
        p.tuple_begin(5);
        p.str("storage");
        p.global("torch", "FloatStorage");
        p.str("0");
        p.str("cpu");
        p.integer(4);
        p.tuple_end(5);
        p.persid();
        p.integer(2);
        p.tuple_begin(1);
        p.integer(3);
        p.tuple_end(1);
        p.tuple_begin(1);
        p.integer(1);
        p.tuple_end(1);
        p.boolean(false);
        p.global("collections", "OrderedDict");
        p.tuple_begin(0);
        p.tuple_end(0);
        p.reduce();
        p.tuple_end(6);
        p.reduce();
        write_file(archive_with(p.finish()));
        CHECK(load_error() ==
              "RuntimeError: setStorage: sizes [3], strides [1], storage offset 2, and itemsize 4 are out of bounds "
              "for storage of size 16");
    }
}

TEST_CASE("torch.save/load: files go through the sandbox, file objects, PyTorch's file errors", "[bindings][serialize]") {
    SECTION("outside the sandbox") {
        Ran r = run("import torch\ntorch.save(1, '" + kPath + "')\n", false);
        REQUIRE_FALSE(r.result.ok);
        CHECK(r.result.error_type == "PermissionError");
        r = run("import torch\ntorch.load('" + kPath + "')\n", false);
        CHECK(r.result.error_type == "PermissionError");
    }
    SECTION("missing files and directories") {
        Ran r = run("import torch\ntorch.load('/tmp/kiln_test_no_such_file.pt')\n");
        CHECK(r.result.error_type + ": " + r.result.error_message ==
              "FileNotFoundError: [Errno 2] No such file or directory: '/tmp/kiln_test_no_such_file.pt'");
        r = run("import torch\ntorch.save(1, '/tmp/kiln_test_no_such_dir/x.pt')\n");
        CHECK(r.result.error_type + ": " + r.result.error_message ==
              "RuntimeError: Parent directory /tmp/kiln_test_no_such_dir does not exist.");
        r = run("import torch\ntorch.save(1, 5)\n");
        CHECK(r.result.error_message == "expected 'f' to be string, path, or a file-like object with a 'write' attribute");
    }
    SECTION("io.BytesIO") {
        CHECK(out_of("import io, torch\n"
                     "buf = io.BytesIO()\n"
                     "torch.save({'w': torch.arange(3.0)}, buf)\n"
                     "print(buf.tell() == len(buf.getvalue()), buf.getvalue()[:4])\n"
                     "buf.seek(0)\n"
                     "print(torch.load(buf))\n"
                     "print(torch.load(io.BytesIO(buf.getvalue()))['w'].sum().item())\n") ==
              "True b'PK\\x03\\x04'\n{'w': tensor([0., 1., 2.])}\n3.0\n");
        Ran r = run("import io, torch\ntorch.load(io.BytesIO())\n");
        CHECK(r.result.error_type == "EOFError");
        r = run("import io, torch\nb = io.BytesIO()\ntorch.save(1, b)\ntorch.load(io.BytesIO(b.getvalue()[:-30]))\n");
        CHECK(r.result.error_message.find("PytorchStreamReader failed reading zip archive") != std::string::npos);
    }
}
