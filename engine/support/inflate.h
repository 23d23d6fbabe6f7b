// Inflate (RFC 1951: stored, fixed and dynamic Huffman blocks) and the gzip wrapper (RFC 1952),
// with zlib's crc32/adler32.
//
// Two users: the zlib/gzip/zipfile modules programs import (engine/vm/stdlib_bytes.cpp wraps these
// in zlib's error messages), and the engine itself, whose standard modules (engine/stdlib/*.py) are
// embedded as one gzip-compressed tar archive (engine/stdlib/embed.cmake) and inflated once when
// the interpreter registers them (engine/vm/stdlib_archive.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace kiln::support {

// A malformed or truncated stream; `msg` is zlib's wording ("invalid block type", ...).
struct InflateError {
    std::string msg;
};

// The output would pass the caller's bound (a decompression bomb: a few MB of deflate codes can
// ask for terabytes).
struct InflateTooLarge {
    size_t limit;
};

// zlib's running checksums (crc32(data, crc), adler32(data, adler)); serialize::crc32 (the zip
// archives of torch.save) is this crc32 too.
uint32_t crc32_update(uint32_t crc, std::string_view data);
uint32_t adler32_update(uint32_t adler, std::string_view data);

// Decodes one raw deflate stream starting at in[pos], appending to `out`; returns the input position
// after it (byte-aligned). Throws InflateError, or InflateTooLarge before `out` would pass max_out bytes.
size_t inflate_raw(const std::string& in, size_t pos, std::string& out, size_t max_out = SIZE_MAX);

// The contents of a gzip member (header fields skipped, CRC and length checked). Throws InflateError.
std::string gunzip(const std::string& data);

}  // namespace kiln::support
