# resource as training scripts use it before starting data loaders and when logging memory:
# getrlimit/setrlimit of RLIMIT_NOFILE (lowering the soft limit, then restoring it), getrusage's
# struct_rusage fields, the module's constants and CPython's errors for bad arguments.
import resource

soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
print(type(soft).__name__, soft <= hard or hard == resource.RLIM_INFINITY)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, 256), hard))
print(resource.getrlimit(resource.RLIMIT_NOFILE)[0] == min(soft, 256))
resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
print(resource.getrlimit(resource.RLIMIT_NOFILE) == (soft, hard))
print(resource.RLIM_INFINITY, resource.RLIMIT_NOFILE, resource.RLIMIT_AS, resource.RLIMIT_STACK,
      resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN, resource.error is OSError)
usage = resource.getrusage(resource.RUSAGE_SELF)
print(type(usage).__name__, len(usage), type(usage.ru_maxrss).__name__, usage.ru_maxrss > 0,
      type(usage.ru_utime).__name__, usage.ru_utime >= 0.0, usage[2] == usage.ru_maxrss)
print(resource.getpagesize() > 0)
for call in (lambda: resource.getrlimit(99), lambda: resource.setrlimit(resource.RLIMIT_NOFILE, 3),
             lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (1, 2, 3)),
             lambda: resource.setrlimit(resource.RLIMIT_NOFILE, ('a', 1)),
             lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (hard + 1, hard)) if hard != resource.RLIM_INFINITY
             else resource.setrlimit(resource.RLIMIT_NOFILE, (10, 5)),
             lambda: resource.getrusage(5)):
    try:
        call()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
