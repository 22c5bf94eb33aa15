import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { CountryCell as CountryCell_1bbce44240b6b04a59178f2704720be6 } from '@/components/admin/CountryCell.client'
import { CountryField as CountryField_a0257d67fc499d50310f0ecf4e91bc83 } from '@/components/admin/CountryField.client'
import { JsonValuesField as JsonValuesField_0aa55c820b572af50682aefdab85d134 } from '@/components/admin/JsonValuesField.client'
import { ScheduleFailureBanner as ScheduleFailureBanner_90d4483f499844bff55ca14234775517 } from '@/components/admin/ScheduleFailureBanner'
import { ScheduledCell as ScheduledCell_5ba0a4784fdc8a05b04c38d4b6734741 } from '@/components/admin/ScheduledCell'
import { ScheduledMark as ScheduledMark_f6cd25ad38e8f14bb5602440f7391697 } from '@/components/admin/ScheduledMark'
import { ScheduledNavLink as ScheduledNavLink_4d3b72e0a8669595964a1aa6f8b5f4e8 } from '@/components/admin/ScheduledNavLink'
import { MachineryNavLink as MachineryNavLink_d6dc3cf69edcb767a065c8a655cb9afa } from '@/components/admin/MachineryNavLink'
import { ModerationQueues as ModerationQueues_72a1575c7db1e963b717579e4004c685 } from '@/components/admin/ModerationQueues'
import { AnalyticsSummary as AnalyticsSummary_a19f35a08fa4f8f9bb132b81c4e60336 } from '@/components/admin/AnalyticsSummary'
import { FailedPublicationsPanel as FailedPublicationsPanel_0bd527c69fccb10243478310900cf1b3 } from '@/components/admin/FailedPublicationsPanel'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { ScheduledPublicationsView as ScheduledPublicationsView_4e7ab06566fd8522c2145c1d021b072d } from '@/components/admin/ScheduledPublicationsView'
import { MachineryView as MachineryView_e12ccc0934949c5c05d798749958f0ec } from '@/components/admin/MachineryView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@/components/admin/CountryCell.client#CountryCell": CountryCell_1bbce44240b6b04a59178f2704720be6,
  "@/components/admin/CountryField.client#CountryField": CountryField_a0257d67fc499d50310f0ecf4e91bc83,
  "@/components/admin/JsonValuesField.client#JsonValuesField": JsonValuesField_0aa55c820b572af50682aefdab85d134,
  "@/components/admin/ScheduleFailureBanner#ScheduleFailureBanner": ScheduleFailureBanner_90d4483f499844bff55ca14234775517,
  "@/components/admin/ScheduledCell#ScheduledCell": ScheduledCell_5ba0a4784fdc8a05b04c38d4b6734741,
  "@/components/admin/ScheduledMark#ScheduledMark": ScheduledMark_f6cd25ad38e8f14bb5602440f7391697,
  "@/components/admin/ScheduledNavLink#ScheduledNavLink": ScheduledNavLink_4d3b72e0a8669595964a1aa6f8b5f4e8,
  "@/components/admin/MachineryNavLink#MachineryNavLink": MachineryNavLink_d6dc3cf69edcb767a065c8a655cb9afa,
  "@/components/admin/ModerationQueues#ModerationQueues": ModerationQueues_72a1575c7db1e963b717579e4004c685,
  "@/components/admin/AnalyticsSummary#AnalyticsSummary": AnalyticsSummary_a19f35a08fa4f8f9bb132b81c4e60336,
  "@/components/admin/FailedPublicationsPanel#FailedPublicationsPanel": FailedPublicationsPanel_0bd527c69fccb10243478310900cf1b3,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "@/components/admin/ScheduledPublicationsView#ScheduledPublicationsView": ScheduledPublicationsView_4e7ab06566fd8522c2145c1d021b072d,
  "@/components/admin/MachineryView#MachineryView": MachineryView_e12ccc0934949c5c05d798749958f0ec,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
