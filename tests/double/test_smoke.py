from bot.double import DiscordDouble


async def test_ping(double: DiscordDouble, bot) -> None:
    ana = double.add_member("Ana")
    result = await ana.slash("ping")
    reply = await result.reply()
    assert reply.content == "pong"
    double.assert_healthy()
