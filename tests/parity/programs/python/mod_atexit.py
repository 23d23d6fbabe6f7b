# atexit: handlers run last-first at sys.exit, with args and kwargs; unregister
import atexit, sys
def bye(name, punct='!'):
    print('bye', name + punct)
atexit.register(bye, 'first')
atexit.register(bye, 'second', punct='?')
@atexit.register
def last():
    print('decorated handler')
def never():
    print('never')
atexit.register(never)
atexit.unregister(never)
print('main done')
sys.exit(0)
