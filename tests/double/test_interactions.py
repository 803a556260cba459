"""Slash commands, components and modals, end to end through real discord.py."""

from __future__ import annotations

from typing import Any

import pytest

from bot.double import CommandNotAvailable, DiscordDouble


async def test_commands_are_registered_with_options_and_subcommands(
    double: DiscordDouble, bot: Any
) -> None:
    names = {c["name"] for c in double.commands()}
    assert {"ping", "game", "slow", "pick"} <= names
    game = next(c for c in double.commands() if c["name"] == "game")
    subcommands = {o["name"]: o for o in game["options"]}
    assert set(subcommands) == {"new", "rename"}
    new_options = {o["name"]: o for o in subcommands["new"]["options"]}
    assert new_options["name"]["required"] is True
    assert [c["value"] for c in new_options["name"]["choices"]] == ["tabula", "luckybox"]
    assert new_options["players"]["min_value"] == 2


async def test_slash_command_reply_with_options_and_resolved_users(
    double: DiscordDouble, bot: Any
) -> None:
    ana, ben = double.add_member("Ana"), double.add_member("Ben")
    games = double.add_channel("games")
    result = await ana.slash("game new", name="Lucky Box", players=3, rival=ben, where=games)
    reply = await result.reply()
    assert reply.content == "New luckybox for 3 against Ben in #games"
    assert reply.button_labels == ["Join", "My hand", "Rename"]
    assert reply in double.messages("general")
    assert not reply.ephemeral
    double.assert_healthy()


async def test_unknown_command_and_bad_options_are_refused_before_sending(
    double: DiscordDouble, bot: Any
) -> None:
    ana = double.add_member("Ana")
    with pytest.raises(CommandNotAvailable, match="registered"):
        await ana.slash("nosuch")
    with pytest.raises(ValueError, match="not a choice"):
        await ana.slash("game new", name="chess")
    with pytest.raises(ValueError, match="missing required"):
        await ana.slash("game new")
    with pytest.raises(CommandNotAvailable, match="needs a subcommand"):
        await ana.slash("game")


async def test_ephemeral_reply_is_seen_only_by_the_invoker(double: DiscordDouble, bot: Any) -> None:
    ana, ben = double.add_member("Ana"), double.add_member("Ben")
    reply = await (await ana.slash("secret")).reply()
    assert reply.ephemeral and reply.content == "only you"
    assert ana.ephemerals() == [reply]
    assert ben.ephemerals() == []
    assert reply not in double.messages("general")
    assert reply in ana.sees("general") and reply not in ben.sees("general")
    assert not ben.can_see(reply)


async def test_deferred_reply_and_followups(double: DiscordDouble, bot: Any) -> None:
    ana, ben = double.add_member("Ana"), double.add_member("Ben")
    result = await ana.slash("slow")
    reply = await result.reply()
    assert reply.content == "done thinking" and not reply.loading
    extra = await result.followup(0)
    assert extra.content == "and one more" and extra.ephemeral
    assert ben.can_see(reply) and not ben.can_see(extra)


async def test_button_updates_message_and_opens_ephemeral_panel(
    double: DiscordDouble, bot: Any
) -> None:
    ana, ben = double.add_member("Ana"), double.add_member("Ben")
    table = await (await ana.slash("game new", name="tabula")).reply()
    await ana.click(table, "Join")
    clicked = await ben.click(table, "Join")
    assert (await clicked.reply()) is table
    assert table.content == "Players: Ana, Ben"
    panel = await (await ben.click(table, "My hand")).reply()
    assert panel.ephemeral and panel.content == "Secret hand of Ben"
    assert not ana.can_see(panel)


async def test_missing_button_lists_available_labels(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    table = await (await ana.slash("game new", name="tabula")).reply()
    with pytest.raises(LookupError, match="'Join', 'My hand', 'Rename'"):
        await ana.click(table, "Leave")


async def test_select_round_trip(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    table = await (await ana.slash("game new", name="tabula")).reply()
    answer = await (await ana.select(table, ["Green"], placeholder="Pick a colour")).reply()
    assert answer.content == "You picked green" and answer.ephemeral
    with pytest.raises(ValueError, match="not an option"):
        await ana.select(table, ["purple"])


async def test_modal_round_trip(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    opened = await ana.slash("game rename")
    assert opened.modal is not None and opened.modal.title == "Name your table"
    with pytest.raises(ValueError, match="required"):
        await ana.submit_modal(motto="hi")
    submitted = await ana.submit_modal({"Table name": "Blue"}, motto="Fair play")
    assert (await submitted.reply()).content == "Table Blue (Fair play)"
    assert ana.modals() == []


async def test_autocomplete_suggestions(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    choices = await ana.autocomplete("pick", "game", "t")
    assert [c["value"] for c in choices] == ["tabula", "tüfteln"]


async def test_admin_command_needs_manage_server(double: DiscordDouble, bot: Any) -> None:
    ana, boss = double.add_member("Ana"), double.add_member("Boss", admin=True)
    with pytest.raises(CommandNotAvailable):
        await ana.slash("admin")
    reply = await (await boss.slash("admin")).reply()
    assert reply.content == "manage_guild=True"


async def test_button_opens_modal_whose_submit_updates_the_message(
    double: DiscordDouble, bot: Any
) -> None:
    ana = double.add_member("Ana")
    table = await (await ana.slash("game new", name="tabula")).reply()
    opened = await ana.click(table, "Rename")
    assert opened.modal is not None and opened.modal.fields == [("new_name", "New name")]
    submitted = await ana.submit_modal(modal=opened, new_name="Kitchen")
    assert (await submitted.reply()) is table
    assert table.content == "Table: Kitchen"


async def test_user_select_with_resolved_members(double: DiscordDouble, bot: Any) -> None:
    ana, ben, cleo = (double.add_member(n) for n in ("Ana", "Ben", "Cleo"))
    prompt = await (await ana.slash("invite")).reply()
    answer = await (await ana.select(prompt, [ben, cleo])).reply()
    assert answer.content == "Invited Ben, Cleo"


async def test_followups_are_edited_fetched_and_deleted(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    result = await ana.slash("cleanup")
    third = await result.followup(1)
    assert third.content == "third after second edited"
    await double.wait_for(lambda: len(result.messages) == 1, describe="the deletions")
    assert result.messages == [third]
    assert [m.content for m in double.messages("general")] == ["third after second edited"]


async def test_slash_command_in_a_dm(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    reply = await (await ana.slash("ping", channel=ana.dm_channel)).reply()
    assert reply.content == "pong" and reply in ana.dms()


async def test_deferred_update_then_edit_of_the_original(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    dice = await (await ana.slash("dice")).reply()
    rolled = await ana.click(dice, "Roll")
    assert rolled.response_type == 6
    assert (await rolled.reply()) is dice
    assert dice.content == "Ana rolled 6"


async def test_guild_commands_are_preferred_and_routed(double: DiscordDouble, bot: Any) -> None:
    import discord

    guild = discord.Object(double.guild.id)
    bot.tree.copy_global_to(guild=guild)
    await bot.tree.sync(guild=guild)
    commands = double.state.guild_commands[double.guild.id]
    assert "ping" in {c["name"] for c in commands}
    ana = double.add_member("Ana")
    result = await ana.slash("ping")
    assert result.record.data["guild_id"] == str(double.guild.id)
    assert (await result.reply()).content == "pong"


async def test_modal_with_labels_and_a_select(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    opened = await ana.slash("seat")
    assert opened.modal is not None
    assert opened.modal.fields == [("nick", "Table nickname"), ("seat", "Seat")]
    answer = await (await ana.submit_modal({"Table nickname": "Ace", "Seat": "South"})).reply()
    assert answer.content == "Ace sits south" and answer.ephemeral
