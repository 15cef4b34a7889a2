<?xml version="1.0" encoding="UTF-8" ?>
<Package name="chatter" format_version="4">
    <Manifest src="manifest.xml" />
    <BehaviorDescriptions>
        <BehaviorDescription name="behavior" src="." xar="behavior.xar" />
    </BehaviorDescriptions>
    <Dialogs>
        <Dialog name="chat" src="chat/chat.dlg" />
    </Dialogs>
    <Resources />
    <Topics>
        <Topic name="chat_enu" src="chat/chat_enu.top" topicName="chat" language="en_US" />
        <Topic name="chat_frf" src="chat/chat_frf.top" topicName="chat" language="fr_FR" />
    </Topics>
    <IgnoredPaths />
</Package>
