// GEMM: the matrix-multiply kernel under mm, bmm, matmul, addmm, linear and conv2d.
//
// C = alpha * A @ B + beta * C for float32 and float64, where every operand is described by a base
// pointer plus a row stride and a column stride (in elements). Any layout works, transposed views
// included, because the kernel copies ("packs") blocks of A and B into contiguous panels before
// multiplying; no caller has to make a contiguous copy first. beta == 0 means C is only written,
// never read (NaN or garbage in C does not leak into the result), as in BLAS. Products of a few rows
// (M <= 4) whose B has contiguous rows or columns run as matrix-vector products that read B in place.
//
// defines: gemm::sgemm, gemm::dgemm, gemm::tile_info
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

// "float32 12x32 micro-kernel, AVX-512 (64-byte vectors), MC=.. KC=.. NC=.." for benchmarks.
std::string tile_info();

}  // namespace kiln::gemm
