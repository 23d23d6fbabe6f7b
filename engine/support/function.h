// kiln::Function<R(A...)>: a callable holder for the engine's many bound lambdas (native Python
// functions, TorchScript op kernels, autograd backward closures), used where std::function was.
//
// std::function gives every distinct lambda a class with a vtable of eight functions and, for its
// target_type(), a type_info whose mangled name is kept in the binary: over two thousand bound
// lambdas made that about a megabyte of the browser's download. Here a lambda without captures is
// kept as a plain function pointer, and one with captures lives in a reference-counted box with one
// call and one destroy function. Copies share the box (a `mutable` lambda's state is shared between
// copies, unlike std::function's; the engine binds none). Calling an empty Function throws
// std::bad_function_call, as std::function does.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <type_traits>
#include <utility>

namespace kiln {

template <typename Sig>
class Function;

template <typename R, typename... A>
class Function<R(A...)> {
public:
    Function() noexcept = default;
    Function(std::nullptr_t) noexcept {}

    template <typename F, typename D = std::decay_t<F>,
              typename = std::enable_if_t<!std::is_same_v<D, Function> && std::is_invocable_r_v<R, D&, A...>>>
    Function(F&& f) {
        if constexpr (std::is_convertible_v<D, R (*)(A...)>) {
            fp_ = static_cast<R (*)(A...)>(f);
        } else {
            box_ = new Impl<D>(std::forward<F>(f));
        }
    }

    Function(const Function& o) noexcept : fp_(o.fp_), box_(o.box_) {
        if (box_) box_->refs.fetch_add(1, std::memory_order_relaxed);
    }
    Function(Function&& o) noexcept : fp_(o.fp_), box_(o.box_) {
        o.fp_ = nullptr;
        o.box_ = nullptr;
    }
    Function& operator=(Function o) noexcept {
        std::swap(fp_, o.fp_);
        std::swap(box_, o.box_);
        return *this;
    }
    ~Function() {
        if (box_ && box_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) box_->destroy(box_);
    }

    explicit operator bool() const noexcept { return fp_ != nullptr || box_ != nullptr; }
    friend bool operator==(const Function& f, std::nullptr_t) noexcept { return !f; }
    friend bool operator!=(const Function& f, std::nullptr_t) noexcept { return bool(f); }

    R operator()(A... a) const {
        if (fp_) return fp_(std::forward<A>(a)...);
        if (!box_) throw std::bad_function_call();
        return box_->call(box_, std::forward<A>(a)...);
    }

private:
    struct Box {
        std::atomic<long> refs{1};
        R (*call)(Box*, A...) = nullptr;
        void (*destroy)(Box*) = nullptr;
    };
    template <typename F>
    struct Impl : Box {
        F f;
        template <typename G>
        explicit Impl(G&& g) : f(std::forward<G>(g)) {
            this->call = &Impl::invoke;
            this->destroy = &Impl::drop;
        }
        static R invoke(Box* b, A... a) { return static_cast<Impl*>(b)->f(std::forward<A>(a)...); }
        static void drop(Box* b) { delete static_cast<Impl*>(b); }
    };

    R (*fp_)(A...) = nullptr;
    Box* box_ = nullptr;
};

}  // namespace kiln
