FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1

# A regular install from a build folder: the bot runs from site-packages (the
# migrations ship inside the package as bot.migrations), not from a source tree.
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY migrations ./migrations
RUN pip install . && rm -rf /src \
    && useradd --create-home --uid 1000 bot \
    && mkdir -p /app/data && chown bot:bot /app/data

WORKDIR /app
USER bot
VOLUME ["/app/data"]
# Without a token the sandbox starts: it must listen on every address of the container
# (its 127.0.0.1 is out of reach from the host); publish the port with -p 8080:8080.
ENV SANDBOX_HOST=0.0.0.0
EXPOSE 8080
# Same start command as the README; DISCORD_TOKEN comes from the environment. The exec
# form makes the bot itself PID 1: it handles SIGTERM (docker stop) as a graceful stop
# within Docker's 10 s grace, so no init (tini, docker run --init) is needed.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
