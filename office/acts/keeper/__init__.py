"""What the pound-keeper does, one act a module: he registers the cattle brought in (Sec V),
takes payment and releases them (VII), records the owner's refusal to pay (IX) and a head
that died or escaped (practice G7), and reports the cattle not claimed (VIII)."""
