// GEMM: the matrix-multiply kernel under mm, bmm, matmul, addmm, linear and conv2d.
//
// C = alpha * A @ B + beta * C for float32 and float64, where every operand is described by a base
// pointer plus a row stride and a column stride (in elements). Any layout works, transposed views
// included, because the kernel copies ("packs") blocks of A and B into contiguous panels before
// multiplying; no caller has to make a contiguous copy first. beta == 0 means C is only written,
// never read (NaN or garbage in C does not leak into the result), as in BLAS. Products of a few rows
// (M <= 4) whose B has contiguous rows or columns run as matrix-vector products that read B in place.
//
// defines: gemm::sgemm, gemm::dgemm, gemm::sgemm_bias, gemm::dgemm_bias, gemm::tile_info
#pragma once
#include <cstdint>
#include <string>

namespace kiln::gemm {

// A is M x K, B is K x N, C is M x N. parallel=false runs on the calling thread only (callers that
// already parallelize over a batch, such as conv2d, pass false to avoid nested thread teams).
void sgemm(int64_t M, int64_t N, int64_t K, float alpha, const float* A, int64_t rsA, int64_t csA, const float* B,
           int64_t rsB, int64_t csB, float beta, float* C, int64_t rsC, int64_t csC, bool parallel = true);
void dgemm(int64_t M, int64_t N, int64_t K, double alpha, const double* A, int64_t rsA, int64_t csA,
           const double* B, int64_t rsB, int64_t csB, double beta, double* C, int64_t rsC, int64_t csC,
           bool parallel = true);

// C = alpha * A @ B + beta * bias, where bias is read as bias[i * rsBias + j * csBias] (addmm's bias, a
// broadcast view: rsBias = 0 for a bias per column): the bias is added as each tile of C is first stored
// (ATen's oneDNN and cuBLASLt epilogues), instead of copied into C and read back by a beta = 1 GEMM. The
// same arithmetic as that copy-then-GEMM, so the same bits. beta == 0 does not read the bias.
void sgemm_bias(int64_t M, int64_t N, int64_t K, float alpha, const float* A, int64_t rsA, int64_t csA,
                const float* B, int64_t rsB, int64_t csB, float beta, const float* bias, int64_t rsBias,
                int64_t csBias, float* C, int64_t rsC, int64_t csC, bool parallel = true);
void dgemm_bias(int64_t M, int64_t N, int64_t K, double alpha, const double* A, int64_t rsA, int64_t csA,
                const double* B, int64_t rsB, int64_t csB, double beta, const double* bias, int64_t rsBias,
                int64_t csBias, double* C, int64_t rsC, int64_t csC, bool parallel = true);

// Overloads so templated callers can write gemm::gemm<T>(...).
inline void gemm(int64_t M, int64_t N, int64_t K, float alpha, const float* A, int64_t rsA, int64_t csA,
                 const float* B, int64_t rsB, int64_t csB, float beta, float* C, int64_t rsC, int64_t csC,
                 bool parallel = true) {
    sgemm(M, N, K, alpha, A, rsA, csA, B, rsB, csB, beta, C, rsC, csC, parallel);
}
inline void gemm(int64_t M, int64_t N, int64_t K, double alpha, const double* A, int64_t rsA, int64_t csA,
                 const double* B, int64_t rsB, int64_t csB, double beta, double* C, int64_t rsC, int64_t csC,
                 bool parallel = true) {
    dgemm(M, N, K, alpha, A, rsA, csA, B, rsB, csB, beta, C, rsC, csC, parallel);
}

// ---- the pieces, for callers that pack their own operands --------------------------------------
// conv2d's implicit GEMM (ops/conv.cpp) packs B straight from the input image (im2col into the
// panel layout, no column matrix in between) and packs its weight once per call for every column
// tile, so it drives the micro-kernel itself. Layouts:
//   packed A (pack_a_blocks): for each K block pc = 0, KC, 2*KC, ... (kc = min(KC, K - pc)) at
//     out + pc * Mpad (Mpad = M rounded up to MR): MR-row panels, panel i at i * MR * kc holding
//     A[i*MR + r, pc + p] at p * MR + r (zero past M);
//   packed B panel: NR columns, kc rows, B[p, j] at p * NR + j.
// micro_tile computes the first mr rows (mr <= MR) of an MR x NR tile: C = A_panel @ B_panel + beta * C
// (beta 0: C only written), C's rows rsC apart and its columns contiguous. A panel with fewer real
// rows (the last of M = 64 output channels in 12-row panels: 4) runs the smaller register tile of
// micro_kernel_any instead of computing its zero rows; the rows it computes have the same bits.
template <typename T>
struct Blocking {
    int mr, nr;
    int64_t kc;
};
template <typename T>
Blocking<T> blocking();
template <typename T>
size_t packed_a_size(int64_t M, int64_t K);
// Packs rows [m0, m1) of A (m0 a multiple of MR; m1 one too, or M) into the layout of all M rows,
// so threads can pack disjoint row ranges of one operand.
template <typename T>
void pack_a_blocks(int64_t M, int64_t K, const T* A, int64_t rsA, int64_t csA, T* out, int64_t m0, int64_t m1);
template <typename T>
void micro_tile(int64_t kc, const T* a, const T* b, T* c, int64_t rsC, T beta, int mr);

// "float32 12x32 micro-kernel, AVX-512 (64-byte vectors), MC=.. KC=.. NC=.." for benchmarks.
std::string tile_info();

}  // namespace kiln::gemm
