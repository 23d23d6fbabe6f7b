# six.moves.urllib.error: urllib.error's names
from urllib.error import *  # noqa: F401,F403
