import type { CollectionConfig } from 'payload'

import { AccountDeletions } from './AccountDeletions'
import { Attachments } from './Attachments'
import { AuthChallenges } from './AuthChallenges'
import { BackupCodes } from './BackupCodes'
import { ChatMessages } from './ChatMessages'
import { Comments } from './Comments'
import { ContactMessages } from './ContactMessages'
import { Currencies } from './Currencies'
import { DataExports } from './DataExports'
import { Faqs } from './Faqs'
import { Favorites } from './Favorites'
import { Media } from './Media'
import { News } from './News'
import { Notifications } from './Notifications'
import { Pages } from './Pages'
import { Posts } from './Posts'
import { Resources } from './Resources'
import { ResourceStatusChanges } from './ResourceStatusChanges'
import { InvitationOptOuts, ReviewInvitations } from './ReviewInvitations'
import { ReviewReports } from './ReviewReports'
import { Reviews } from './Reviews'
import { ReviewVotes } from './ReviewVotes'
import { SecurityEvents } from './SecurityEvents'
import { SessionDetails } from './SessionDetails'
import { SignedMirrorLists } from './SignedMirrorLists'
import { SavedReplies } from './support/SavedReplies'
import { TicketMessages } from './support/TicketMessages'
import { Tickets } from './support/Tickets'
import { VerificationRequests } from './support/VerificationRequests'
import { UserBlocks } from './UserBlocks'
import { Users } from './Users'

/** Every collection of the site, in the order the admin's navigation lists them. */
export const collections: CollectionConfig[] = [
  Users,
  Resources,
  Currencies,
  Reviews,
  ReviewVotes,
  ReviewReports,
  ReviewInvitations,
  InvitationOptOuts,
  Favorites,
  News,
  Posts,
  Pages,
  Faqs,
  Comments,
  ContactMessages,
  Tickets,
  TicketMessages,
  SavedReplies,
  VerificationRequests,
  ChatMessages,
  Media,
  Attachments,
  AuthChallenges,
  UserBlocks,
  SignedMirrorLists,
  ResourceStatusChanges,
  Notifications,
  SessionDetails,
  SecurityEvents,
  BackupCodes,
  DataExports,
  AccountDeletions,
]
