FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /app

COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY migrations ./migrations
# A regular install: the migrations ship inside the package (bot.migrations).
RUN pip install . \
    && useradd --create-home --uid 1000 bot \
    && mkdir -p /app/data && chown bot:bot /app/data

USER bot
VOLUME ["/app/data"]
# Same start command as the README; DISCORD_TOKEN comes from the environment.
CMD ["python", "-m", "bot"]
