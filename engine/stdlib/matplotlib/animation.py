# matplotlib.animation for Kiln: the Animation classes tutorials build (`FuncAnimation(fig, update,
# frames=..., interval=...)`, ArtistAnimation over lists of artists). As with matplotlib's Agg backend
# and no display, constructing one draws nothing: matplotlib only calls init_func/func once the figure
# is drawn (its first 'draw_event'), which headless show() never does. Rendering to a file or to
# HTML needs a drawing backend and a movie writer: save(), to_html5_video() and to_jshtml() raise
# NotImplementedError.

__all__ = ["Animation", "TimedAnimation", "FuncAnimation", "ArtistAnimation", "writers", "MovieWriter",
           "FFMpegWriter", "PillowWriter"]


class Animation:
    def __init__(self, fig, event_source=None, blit=False):
        self._fig = fig
        self._blit = blit
        self.event_source = event_source

    def save(self, filename, writer=None, fps=None, dpi=None, codec=None, bitrate=None, extra_args=None,
             metadata=None, extra_anim=None, savefig_kwargs=None, *, progress_callback=None):
        raise NotImplementedError("Animation.save: Kiln's matplotlib draws nothing and has no movie writers")

    def to_html5_video(self, embed_limit=None):
        raise NotImplementedError("Animation.to_html5_video: Kiln's matplotlib draws nothing and has no movie writers")

    def to_jshtml(self, fps=None, embed_frames=True, default_mode=None):
        raise NotImplementedError("Animation.to_jshtml: Kiln's matplotlib draws nothing")

    def new_frame_seq(self):
        return iter(())

    def new_saved_frame_seq(self):
        return self.new_frame_seq()

    def pause(self):
        pass

    def resume(self):
        pass


class TimedAnimation(Animation):
    def __init__(self, fig, interval=200, repeat_delay=0, repeat=True, event_source=None, *args, **kwargs):
        self._interval = interval
        self._repeat_delay = repeat_delay if repeat_delay is not None else 0
        self._repeat = repeat
        super().__init__(fig, event_source, *args, **kwargs)


class ArtistAnimation(TimedAnimation):
    def __init__(self, fig, artists, *args, **kwargs):
        self._framedata = artists
        super().__init__(fig, *args, **kwargs)

    def new_frame_seq(self):
        return iter(self._framedata)


class FuncAnimation(TimedAnimation):
    def __init__(self, fig, func, frames=None, init_func=None, fargs=None, save_count=None, *, cache_frame_data=True,
                 **kwargs):
        self._args = fargs if fargs else ()
        self._func = func
        self._init_func = init_func
        self._save_count = save_count
        if frames is None:
            self._iter_gen = lambda: iter(range(1000000))
        elif callable(frames):
            self._iter_gen = frames
        elif hasattr(frames, "__iter__"):
            self._iter_gen = lambda: iter(frames)
        else:
            self._iter_gen = lambda: iter(range(frames))
        super().__init__(fig, **kwargs)

    def new_frame_seq(self):
        return self._iter_gen()


class MovieWriter:
    def __init__(self, fps=5, codec=None, bitrate=None, extra_args=None, metadata=None):
        self.fps = fps
        self.codec = codec
        self.bitrate = bitrate
        self.extra_args = extra_args
        self.metadata = metadata if metadata is not None else {}

    @classmethod
    def isAvailable(cls):
        return False


class FFMpegWriter(MovieWriter):
    pass


class PillowWriter(MovieWriter):
    pass


class MovieWriterRegistry:
    def __init__(self):
        self._registered = {"ffmpeg": FFMpegWriter, "pillow": PillowWriter}

    def register(self, name):
        def wrapper(writer_cls):
            self._registered[name] = writer_cls
            return writer_cls
        return wrapper

    def is_available(self, name):
        return False

    def __iter__(self):
        return iter(())

    def list(self):
        return []

    def __getitem__(self, name):
        raise RuntimeError(f"Requested MovieWriter ({name}) not available")


writers = MovieWriterRegistry()
