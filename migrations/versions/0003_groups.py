"""groups across evenings, their persons, and each evening's placing points

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24 08:10:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "player_group",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("editor_token", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("stats_key", sa.String(length=64), nullable=True),
        sa.Column("stats", sa.JSON(), nullable=True),
        sa.Column("summaries", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_group")),
        sa.UniqueConstraint("code", name=op.f("uq_player_group_code")),
    )
    op.create_table(
        "person",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["player_group.id"], name=op.f("fk_person_group_id_player_group"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_person")),
        sa.UniqueConstraint("group_id", "name", name=op.f("uq_person_group_id")),
    )
    with op.batch_alter_table("person", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_person_group_id"), ["group_id"], unique=False)

    with op.batch_alter_table("evening", schema=None) as batch_op:
        batch_op.add_column(sa.Column("placing", sa.String(length=20), server_default="places", nullable=False))
        batch_op.add_column(sa.Column("group_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_evening_group_id"), ["group_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_evening_group_id_player_group"), "player_group", ["group_id"], ["id"], ondelete="SET NULL"
        )

    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.add_column(sa.Column("person_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_player_person_id_person"), "person", ["person_id"], ["id"], ondelete="SET NULL"
        )


def downgrade():
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_player_person_id_person"), type_="foreignkey")
        batch_op.drop_column("person_id")

    with op.batch_alter_table("evening", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_evening_group_id_player_group"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_evening_group_id"))
        batch_op.drop_column("group_id")
        batch_op.drop_column("placing")

    with op.batch_alter_table("person", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_person_group_id"))

    op.drop_table("person")
    op.drop_table("player_group")
