<?xml version="1.0" encoding="UTF-8" ?>
<Package name="charger" format_version="4">
    <Manifest src="manifest.xml" />
    <BehaviorDescriptions>
        <BehaviorDescription name="behavior" src="go_charge" xar="behavior.xar" />
        <BehaviorDescription name="behavior" src="on_pod" xar="behavior.xar" />
    </BehaviorDescriptions>
    <Dialogs />
    <Resources />
    <Topics />
    <IgnoredPaths />
</Package>
