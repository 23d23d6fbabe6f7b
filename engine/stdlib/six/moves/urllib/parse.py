# six.moves.urllib.parse: urllib.parse's names
from urllib.parse import *  # noqa: F401,F403
