"""a group's statistics kept per match: each match's summary and what it did to each person

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-28 17:30:00

The group's statistics were kept as one document with every match's summary in it, computed again
over the whole group when a match changed. Now each match's summary is a row, and so is what the
match did to each person (their record before it), so a change plays again only the matches from
it on. Both are derived from the matches, so the old document of summaries is dropped and the new
rows are made the first time each group is viewed (a group's stored statistics, of the old form,
are then made again too). Only new tables and one dropped column: no table is rebuilt.
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "match_summary",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("evening_id", sa.Integer(), nullable=False),
        sa.Column("played_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("placing", sa.String(length=20), nullable=False),
        sa.Column("form", sa.String(length=40), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("season", sa.String(length=8), nullable=False),
        sa.Column("summary", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["evening_id"], ["evening.id"], name=op.f("fk_match_summary_evening_id_evening"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["group_id"], ["player_group.id"], name=op.f("fk_match_summary_group_id_player_group"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["match_id"], ["match.id"], name=op.f("fk_match_summary_match_id_match"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("match_id", name=op.f("pk_match_summary")),
    )
    op.create_index(
        "ix_match_summary_played", "match_summary", ["group_id", "played_at", "evening_id", "match_id"], unique=False
    )
    op.create_table(
        "group_move",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=120), nullable=False),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("move", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["match_summary.match_id"],
            name=op.f("fk_group_move_match_id_match_summary"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["person_id"], ["person.id"], name=op.f("fk_group_move_person_id_person"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("match_id", "person_id", name=op.f("pk_group_move")),
    )
    op.create_index(op.f("ix_group_move_person_id"), "group_move", ["person_id"], unique=False)
    # A plain DROP COLUMN (SQLite 3.35 and later, PostgreSQL): the table keeps its rows and its references.
    op.execute("ALTER TABLE player_group DROP COLUMN summaries")


def downgrade():
    op.execute("ALTER TABLE player_group ADD COLUMN summaries JSON")
    op.drop_index(op.f("ix_group_move_person_id"), table_name="group_move")
    op.drop_table("group_move")
    op.drop_index("ix_match_summary_played", table_name="match_summary")
    op.drop_table("match_summary")
