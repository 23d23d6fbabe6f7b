// Inflate and gzip (see inflate.h).
#include "support/inflate.h"

#include <array>
#include <vector>

namespace kiln::support {

uint32_t crc32_update(uint32_t crc, std::string_view data) {
    static const auto table = [] {
        std::array<uint32_t, 256> t{};
        for (uint32_t i = 0; i < 256; ++i) {
            uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    crc = ~crc;
    for (unsigned char ch : data) crc = table[(crc ^ ch) & 0xff] ^ (crc >> 8);
    return ~crc;
}

uint32_t adler32_update(uint32_t adler, std::string_view data) {
    uint32_t a = adler & 0xffff, b = adler >> 16;
    for (unsigned char ch : data) {
        a = (a + ch) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

namespace {

class Inflater {
public:
    Inflater(const std::string& in, size_t pos, size_t max_out) : in_(in), pos_(pos), max_out_(max_out) {}
    // Decodes one deflate stream; returns the input position after it (byte-aligned).
    size_t run(std::string& out) {
        bool last = false;
        while (!last) {
            last = bits(1) != 0;
            int type = int(bits(2));
            if (type == 0) {
                bitcnt_ = 0;
                bitbuf_ = 0;
                if (pos_ + 4 > in_.size()) throw InflateError{"incomplete or truncated stream"};
                uint32_t len = uint8_t(in_[pos_]) | uint32_t(uint8_t(in_[pos_ + 1])) << 8;
                uint32_t nlen = uint8_t(in_[pos_ + 2]) | uint32_t(uint8_t(in_[pos_ + 3])) << 8;
                pos_ += 4;
                if ((len ^ 0xffff) != nlen) throw InflateError{"invalid stored block lengths"};
                if (pos_ + len > in_.size()) throw InflateError{"incomplete or truncated stream"};
                room(out, len);
                out.append(in_, pos_, len);
                pos_ += len;
            } else if (type == 1) {
                Huffman lit, dist;
                std::vector<int> l(288), d(30, 5);
                for (int i = 0; i < 144; ++i) l[size_t(i)] = 8;
                for (int i = 144; i < 256; ++i) l[size_t(i)] = 9;
                for (int i = 256; i < 280; ++i) l[size_t(i)] = 7;
                for (int i = 280; i < 288; ++i) l[size_t(i)] = 8;
                lit.build(l);
                dist.build(d);
                codes(out, lit, dist);
            } else if (type == 2) {
                int hlit = int(bits(5)) + 257, hdist = int(bits(5)) + 1, hclen = int(bits(4)) + 4;
                static const int order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
                std::vector<int> cl(19, 0);
                for (int i = 0; i < hclen; ++i) cl[size_t(order[i])] = int(bits(3));
                Huffman clh;
                clh.build(cl);
                std::vector<int> lens;
                while (int(lens.size()) < hlit + hdist) {
                    int sym = decode(clh);
                    if (sym < 16) {
                        lens.push_back(sym);
                    } else if (sym == 16) {
                        if (lens.empty()) throw InflateError{"invalid bit length repeat"};
                        int rep = 3 + int(bits(2));
                        int prev = lens.back();
                        for (int k = 0; k < rep; ++k) lens.push_back(prev);
                    } else {
                        int rep = sym == 17 ? 3 + int(bits(3)) : 11 + int(bits(7));
                        for (int k = 0; k < rep; ++k) lens.push_back(0);
                    }
                }
                if (int(lens.size()) > hlit + hdist) throw InflateError{"invalid bit length repeat"};
                Huffman lit, dist;
                lit.build(std::vector<int>(lens.begin(), lens.begin() + hlit));
                dist.build(std::vector<int>(lens.begin() + hlit, lens.end()));
                codes(out, lit, dist);
            } else {
                throw InflateError{"invalid block type"};
            }
        }
        return pos_;
    }

private:
    struct Huffman {
        std::vector<int> count, symbol;
        void build(const std::vector<int>& lengths) {
            count.assign(16, 0);
            for (int l : lengths) count[size_t(l)]++;
            count[0] = 0;
            std::vector<int> offs(16, 0);
            for (int i = 1; i < 16; ++i) offs[size_t(i)] = offs[size_t(i - 1)] + count[size_t(i - 1)];
            symbol.assign(lengths.size(), 0);
            for (size_t s = 0; s < lengths.size(); ++s)
                if (lengths[s]) symbol[size_t(offs[size_t(lengths[s])]++)] = int(s);
        }
    };
    uint32_t bits(int n) {
        while (bitcnt_ < n) {
            if (pos_ >= in_.size()) throw InflateError{"incomplete or truncated stream"};
            bitbuf_ |= uint32_t(uint8_t(in_[pos_++])) << bitcnt_;
            bitcnt_ += 8;
        }
        uint32_t v = bitbuf_ & ((1u << n) - 1);
        bitbuf_ >>= n;
        bitcnt_ -= n;
        return v;
    }
    int decode(const Huffman& h) {
        int code = 0, first = 0, index = 0;
        for (int len = 1; len < 16; ++len) {
            code |= int(bits(1));
            int count = h.count[size_t(len)];
            if (code - count < first) return h.symbol[size_t(index + (code - first))];
            index += count;
            first += count;
            first <<= 1;
            code <<= 1;
        }
        throw InflateError{"invalid code"};
    }
    void codes(std::string& out, const Huffman& lit, const Huffman& dist) {
        static const int lbase[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
        static const int lext[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
        static const int dbase[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
        static const int dext[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
        for (;;) {
            int sym = decode(lit);
            if (sym < 256) {
                room(out, 1);
                out += char(sym);
            } else if (sym == 256) {
                return;
            } else {
                sym -= 257;
                if (sym >= 29) throw InflateError{"invalid literal/length code"};
                int len = lbase[sym] + int(bits(lext[sym]));
                int ds = decode(dist);
                if (ds >= 30) throw InflateError{"invalid distance code"};
                size_t d = size_t(dbase[ds] + int(bits(dext[ds])));
                if (d > out.size()) throw InflateError{"invalid distance too far back"};
                size_t start = out.size() - d;
                room(out, size_t(len));
                for (int k = 0; k < len; ++k) out += out[start + size_t(k)];
            }
        }
    }
    // Throws before `out` grows past the caller's bound.
    void room(const std::string& out, size_t more) const {
        if (more > max_out_ || out.size() > max_out_ - more) throw InflateTooLarge{max_out_};
    }
    const std::string& in_;
    size_t pos_;
    size_t max_out_;
    uint32_t bitbuf_ = 0;
    int bitcnt_ = 0;
};


}  // namespace

size_t inflate_raw(const std::string& in, size_t pos, std::string& out, size_t max_out) {
    return Inflater(in, pos, max_out).run(out);
}

std::string gunzip(const std::string& data) {
    if (data.size() < 18 || uint8_t(data[0]) != 0x1f || uint8_t(data[1]) != 0x8b) throw InflateError{"incorrect header check"};
    if (data[2] != 8) throw InflateError{"unknown compression method"};
    const uint8_t flg = uint8_t(data[3]);
    size_t pos = 10;
    if (flg & 4) {
        if (pos + 2 > data.size()) throw InflateError{"incomplete or truncated stream"};
        pos += 2 + (uint8_t(data[pos]) | size_t(uint8_t(data[pos + 1])) << 8);
    }
    if (flg & 8) pos = data.find('\0', pos) + 1;
    if (flg & 16) pos = data.find('\0', pos) + 1;
    if (flg & 2) pos += 2;
    if (pos == 0 || pos > data.size()) throw InflateError{"incomplete or truncated stream"};
    std::string out;
    pos = inflate_raw(data, pos, out);
    if (pos + 8 > data.size()) throw InflateError{"incomplete or truncated stream"};
    uint32_t crc = 0, isize = 0;
    for (int k = 0; k < 4; ++k) crc |= uint32_t(uint8_t(data[pos + size_t(k)])) << (8 * k);
    for (int k = 0; k < 4; ++k) isize |= uint32_t(uint8_t(data[pos + 4 + size_t(k)])) << (8 * k);
    if (crc != crc32_update(0, out)) throw InflateError{"incorrect data check"};
    if (isize != uint32_t(out.size())) throw InflateError{"incorrect length check"};
    return out;
}

}  // namespace kiln::support
