# atexit handlers run after an uncaught exception's traceback
import atexit
atexit.register(print, "handler ran")
raise ValueError("boom")
