import * as migration_20261122_111201_initial from './20261122_111201_initial';
import * as migration_20261122_120239_accounts from './20261122_120239_accounts';
import * as migration_20261122_180020_directory from './20261122_180020_directory';
import * as migration_20261123_124916_email_change from './20261123_124916_email_change';
import * as migration_20261123_180907_review_feedback from './20261123_180907_review_feedback';
import * as migration_20261123_200000_search_typos from './20261123_200000_search_typos';
import * as migration_20261123_210100_content from './20261123_210100_content';
import * as migration_20261124_001152_support from './20261124_001152_support';
import * as migration_20261124_220031_employees_blocks from './20261124_220031_employees_blocks';
import * as migration_20261125_150720_chat from './20261125_150720_chat';
import * as migration_20261126_104546_staff_side from './20261126_104546_staff_side';
import * as migration_20261126_125834_analytics from './20261126_125834_analytics';
import * as migration_20261126_164059_file_storage from './20261126_164059_file_storage';
import * as migration_20261126_164605_jobs_queues from './20261126_164605_jobs_queues';
import * as migration_20261126_191143_review_guard from './20261126_191143_review_guard';
import * as migration_20261126_192335_link_checks from './20261126_192335_link_checks';
import * as migration_20261126_193055_resource_status from './20261126_193055_resource_status';
import * as migration_20261126_193204_signed_mirrors from './20261126_193204_signed_mirrors';
import * as migration_20261126_225341_notifications from './20261126_225341_notifications';
import * as migration_20261126_230533_notification_mail from './20261126_230533_notification_mail';
import * as migration_20261126_230632_account_security from './20261126_230632_account_security';
import * as migration_20261128_194131_saved_replies from './20261128_194131_saved_replies';
import * as migration_20261128_194136_notification_snippet from './20261128_194136_notification_snippet';
import * as migration_20261128_194743_resource_title_per_language from './20261128_194743_resource_title_per_language';
import * as migration_20261129_052330_data_exports from './20261129_052330_data_exports';
import * as migration_20261129_053718_retention from './20261129_053718_retention';
import * as migration_20261129_054500_challenges_follow_user from './20261129_054500_challenges_follow_user';
import * as migration_20261129_073739_account_deletion from './20261129_073739_account_deletion';
import * as migration_20261129_105937_page_warming from './20261129_105937_page_warming';
import * as migration_20261129_230134_reviewer_profiles from './20261129_230134_reviewer_profiles';
import * as migration_20261130_000115_review_invitations from './20261130_000115_review_invitations';
import * as migration_20261130_023438_rates from './20261130_023438_rates';
import * as migration_20261130_024408_rates_fetch from './20261130_024408_rates_fetch';

export const migrations = [
  {
    up: migration_20261122_111201_initial.up,
    down: migration_20261122_111201_initial.down,
    name: '20261122_111201_initial',
  },
  {
    up: migration_20261122_120239_accounts.up,
    down: migration_20261122_120239_accounts.down,
    name: '20261122_120239_accounts',
  },
  {
    up: migration_20261122_180020_directory.up,
    down: migration_20261122_180020_directory.down,
    name: '20261122_180020_directory',
  },
  {
    up: migration_20261123_124916_email_change.up,
    down: migration_20261123_124916_email_change.down,
    name: '20261123_124916_email_change',
  },
  {
    up: migration_20261123_180907_review_feedback.up,
    down: migration_20261123_180907_review_feedback.down,
    name: '20261123_180907_review_feedback',
  },
  {
    up: migration_20261123_200000_search_typos.up,
    down: migration_20261123_200000_search_typos.down,
    name: '20261123_200000_search_typos',
  },
  {
    up: migration_20261123_210100_content.up,
    down: migration_20261123_210100_content.down,
    name: '20261123_210100_content',
  },
  {
    up: migration_20261124_001152_support.up,
    down: migration_20261124_001152_support.down,
    name: '20261124_001152_support',
  },
  {
    up: migration_20261124_220031_employees_blocks.up,
    down: migration_20261124_220031_employees_blocks.down,
    name: '20261124_220031_employees_blocks',
  },
  {
    up: migration_20261125_150720_chat.up,
    down: migration_20261125_150720_chat.down,
    name: '20261125_150720_chat',
  },
  {
    up: migration_20261126_104546_staff_side.up,
    down: migration_20261126_104546_staff_side.down,
    name: '20261126_104546_staff_side',
  },
  {
    up: migration_20261126_125834_analytics.up,
    down: migration_20261126_125834_analytics.down,
    name: '20261126_125834_analytics',
  },
  {
    up: migration_20261126_164059_file_storage.up,
    down: migration_20261126_164059_file_storage.down,
    name: '20261126_164059_file_storage',
  },
  {
    up: migration_20261126_164605_jobs_queues.up,
    down: migration_20261126_164605_jobs_queues.down,
    name: '20261126_164605_jobs_queues',
  },
  {
    up: migration_20261126_191143_review_guard.up,
    down: migration_20261126_191143_review_guard.down,
    name: '20261126_191143_review_guard',
  },
  {
    up: migration_20261126_192335_link_checks.up,
    down: migration_20261126_192335_link_checks.down,
    name: '20261126_192335_link_checks',
  },
  {
    up: migration_20261126_193055_resource_status.up,
    down: migration_20261126_193055_resource_status.down,
    name: '20261126_193055_resource_status',
  },
  {
    up: migration_20261126_193204_signed_mirrors.up,
    down: migration_20261126_193204_signed_mirrors.down,
    name: '20261126_193204_signed_mirrors',
  },
  {
    up: migration_20261126_225341_notifications.up,
    down: migration_20261126_225341_notifications.down,
    name: '20261126_225341_notifications',
  },
  {
    up: migration_20261126_230533_notification_mail.up,
    down: migration_20261126_230533_notification_mail.down,
    name: '20261126_230533_notification_mail',
  },
  {
    up: migration_20261126_230632_account_security.up,
    down: migration_20261126_230632_account_security.down,
    name: '20261126_230632_account_security',
  },
  {
    up: migration_20261128_194131_saved_replies.up,
    down: migration_20261128_194131_saved_replies.down,
    name: '20261128_194131_saved_replies',
  },
  {
    up: migration_20261128_194136_notification_snippet.up,
    down: migration_20261128_194136_notification_snippet.down,
    name: '20261128_194136_notification_snippet',
  },
  {
    up: migration_20261128_194743_resource_title_per_language.up,
    down: migration_20261128_194743_resource_title_per_language.down,
    name: '20261128_194743_resource_title_per_language',
  },
  {
    up: migration_20261129_052330_data_exports.up,
    down: migration_20261129_052330_data_exports.down,
    name: '20261129_052330_data_exports',
  },
  {
    up: migration_20261129_053718_retention.up,
    down: migration_20261129_053718_retention.down,
    name: '20261129_053718_retention',
  },
  {
    up: migration_20261129_054500_challenges_follow_user.up,
    down: migration_20261129_054500_challenges_follow_user.down,
    name: '20261129_054500_challenges_follow_user',
  },
  {
    up: migration_20261129_073739_account_deletion.up,
    down: migration_20261129_073739_account_deletion.down,
    name: '20261129_073739_account_deletion',
  },
  {
    up: migration_20261129_105937_page_warming.up,
    down: migration_20261129_105937_page_warming.down,
    name: '20261129_105937_page_warming',
  },
  {
    up: migration_20261129_230134_reviewer_profiles.up,
    down: migration_20261129_230134_reviewer_profiles.down,
    name: '20261129_230134_reviewer_profiles',
  },
  {
    up: migration_20261130_000115_review_invitations.up,
    down: migration_20261130_000115_review_invitations.down,
    name: '20261130_000115_review_invitations',
  },
  {
    up: migration_20261130_023438_rates.up,
    down: migration_20261130_023438_rates.down,
    name: '20261130_023438_rates',
  },
  {
    up: migration_20261130_024408_rates_fetch.up,
    down: migration_20261130_024408_rates_fetch.down,
    name: '20261130_024408_rates_fetch'
  },
];
