# with-statement context managers, including exception suppression.
events = []
class Tracker:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        events.append("enter " + self.name)
        return self
    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            events.append("exit " + self.name + " ok")
        else:
            events.append("exit " + self.name + " " + exc_type.__name__ + ": " + str(exc))
        return self.suppress
with Tracker("a") as t:
    events.append("body " + t.name)
print(events)
events.clear()
with Tracker("quiet", suppress=True):
    events.append("before raise")
    raise ValueError("swallowed")
    events.append("never")
print(events)
events.clear()
try:
    with Tracker("loud"):
        raise KeyError("k")
except KeyError as e:
    events.append("outer caught " + repr(e))
print(events)
events.clear()
with Tracker("outer") as o, Tracker("inner") as i:
    events.append("both " + o.name + " " + i.name)
print(events)
events.clear()
def early_return():
    with Tracker("ret"):
        events.append("returning")
        return "value"
print(early_return(), events)
events.clear()
for n in range(3):
    with Tracker("loop" + str(n)):
        if n == 1:
            continue
        if n == 2:
            break
        events.append("body" + str(n))
print(events)
class Resource:
    def __enter__(self):
        return "the resource"
    def __exit__(self, *args):
        print("exit args are None:", all([a is None for a in args]))
        return False
with Resource() as r:
    print("using", r)
