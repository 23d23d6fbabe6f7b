# inspect.getsource's block ends (CPython 3.12's BlockFinder over tokenize): nested classes and
# methods, decorators with arguments over several lines, lambdas inside calls and dicts, one-line
# bodies, backslash continuations, comments after the last statement (kept when indented like the
# body, dropped at column 0), strings holding '#' and brackets, and a block followed by code at its
# own level. Source-dumping helpers of training scripts (printing a model's forward) read these.
import inspect


def tagged(*names, **opts):
    def wrap(f):
        f.tags = names
        return f
    return wrap


class Model:
    scale = 2

    class Config:
        depth = 3  # a class body line

        def describe(self):
            return "depth=%d" % self.depth
            # trailing comment in the body

    @tagged(
        "forward",
        "main",
        mode={"train": True},
    )
    def forward(self, x):
        s = "# not a comment ("
        y = [x,
             x * self.scale]
        return sum(y) + \
            len(s)
# a comment at column zero ends nothing but is not the block's

    @property
    def size(self): return self.scale * 10

    def after(self):
        pass


handlers = {
    "double": lambda v: v * 2,
    "neg": lambda v: -v,
}
pairs = list(map(lambda p: (p,
                            p + 1), range(2)))
fns = [
    lambda v: (v,
               v * 2)]


def outer():
    def inner(a,
              b=(1, 2)):
        '''Doc with def and class inside.
        class NotReal:
        '''
        return a
    return inner


def body_then_blank(v):
    if v:
        return 1

        # indented comment after a blank line

    return 0



x = 1


class Empty: pass


for obj in (Model.Config, Model.Config.describe, Model.forward, Model.size.fget, Model.after,
            handlers["double"], fns[0], outer(), body_then_blank, Empty):
    lines, start = inspect.getsourcelines(obj)
    print("---", getattr(obj, "__qualname__", obj), start, len(lines))
    print("".join(lines), end="")
print("pairs", pairs, fns[0](4))
print(Model.forward.tags, Model().forward(3))
print(inspect.getblock(["def f():\n", "    return 1\n", "y = 2\n"]))
print(inspect.getblock(["x = (lambda: 0)\n", "z = 1\n"]))
print(inspect.getblock(["@dec\n", "\n", "class A:\n", "    a = 1\n", "  # shallow\n", "    # deep\n"]))


def make_same():
    class Same:
        where = "make_same"
    return Same


class Holder:
    @tagged(
        "holder")
    class Same:
        '''class Same: in a string'''
        where = "Holder"


for cls in (Holder.Same, make_same()):
    lines, start = inspect.getsourcelines(cls)
    print("---", cls.__qualname__, start)
    print("".join(lines), end="")
