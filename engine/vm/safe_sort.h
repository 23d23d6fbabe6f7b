// A stable sort for comparisons that run user code (__lt__, a key's __lt__): it stays in bounds
// whatever the answers are (std::stable_sort assumes a strict weak ordering; an inconsistent
// __lt__ made its unguarded insertion walk off the array), and when a comparison raises, the
// vector still holds every element once (CPython's list.sort keeps all items too).
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

namespace kiln::vm {

template <class T, class Less>
void safe_stable_sort(std::vector<T>& v, Less less) {
    const size_t n = v.size();
    constexpr size_t kRun = 16;
    // Runs of kRun by guarded insertion sort.
    for (size_t lo = 0; lo < n; lo += kRun) {
        const size_t hi = std::min(n, lo + kRun);
        for (size_t i = lo + 1; i < hi; ++i) {
            T x = v[i];
            size_t j = i;
            try {
                while (j > lo && less(x, v[j - 1])) {
                    v[j] = v[j - 1];
                    --j;
                }
            } catch (...) {
                v[j] = x;  // the shifted run plus x is a permutation again
                throw;
            }
            v[j] = x;
        }
    }
    if (n <= kRun) return;
    // Bottom-up merges into a second buffer; v is only replaced after a whole pass succeeded.
    std::vector<T> buf(n);
    for (size_t width = kRun; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            const size_t mid = std::min(n, lo + width), hi = std::min(n, lo + 2 * width);
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) buf[k++] = less(v[j], v[i]) ? v[j++] : v[i++];
            while (i < mid) buf[k++] = v[i++];
            while (j < hi) buf[k++] = v[j++];
        }
        v.swap(buf);
    }
}

}  // namespace kiln::vm
