# uuid (UUID fields, uuid3/uuid5 exact, uuid4/uuid1 shape) and signal handlers recorded
import uuid, signal
u = uuid.UUID('12345678-1234-5678-1234-567812345678')
print(u, repr(u), u.hex, u.int, u.bytes, u.bytes_le, u.fields, u.urn, u.version, u.variant)
print(uuid.uuid3(uuid.NAMESPACE_DNS, 'python.org'), uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org'), uuid.uuid5(uuid.NAMESPACE_URL, 'https://x'))
r = uuid.uuid4()
print(r.version, r.variant, len(str(r)), r == uuid.UUID(str(r)), uuid.uuid1().version)
print(uuid.UUID(bytes=u.bytes) == u, uuid.UUID(int=5), sorted([uuid.UUID(int=3), uuid.UUID(int=1)]))
try:
    uuid.UUID('zz')
except ValueError as e:
    print(e)
h = lambda s, f: None
print(signal.signal(signal.SIGTERM, h) == signal.SIG_DFL, signal.getsignal(signal.SIGTERM) is h, signal.SIGINT, callable(signal.getsignal(signal.SIGINT)))
